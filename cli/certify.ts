// A certification run: settings → (embedded reference) → preflight → vitest running specs/ with
// the reporters → summary. Used by the CLI and by `npm run bench`.
import { rm, mkdir } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { requestInterrupt } from '../specs/harness/interrupt.ts';
import { resolve, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import { createVitest } from 'vitest/node';
import type { ConfigFile } from '../config/schema.ts';
import { checkUrl, resolveSettings, selection, type Overrides, type RunSettings } from '../config/load.ts';
import type { EmbeddedTarget } from '../reference/embedded.ts';
import { assertReachable } from './preflight.ts';
import { SummaryReporter } from '../reports/summaryReporter.ts';
import { AllureReporter } from '../reports/allureReporter.ts';
import { PROGRESS_MARKER, ProgressReporter } from '../reports/progressReporter.ts';
import { BLOB_DIR } from './merge.ts';
import type { Summary } from '../reports/model.ts';

export const PACKAGE_ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * What vitest writes to stdout through its logger ("JUNIT report written to …", even at log level
 * silent) is not the command's output: this goes to vitest as its stdout. Its errors still show.
 */
export const vitestOutput = (): { stdout: Writable } => ({ stdout: new Writable({ write: (_chunk, _encoding, done) => done() }) });

export interface CertifyOptions {
  readonly config: ConfigFile;
  readonly overrides: Overrides;
  readonly reportDir: string;
  /** Show a live progress line on stderr (written only when stderr is a terminal). */
  readonly progress?: boolean;
  /** Aborted by the CLI on SIGINT/SIGTERM: sending stops, the reports are written, marked incomplete. */
  readonly signal?: AbortSignal;
}

export interface CertifyResult {
  readonly summary?: Summary;
  readonly settings: RunSettings;
  readonly reportDir: string;
}

export async function certify(opts: CertifyOptions): Promise<CertifyResult> {
  const given = opts.overrides.target ?? opts.config.target;
  // Usage errors first: nothing starts for a run that cannot happen.
  selection(opts.config, opts.overrides);
  if (given !== undefined) checkUrl(given, opts.overrides.target !== undefined ? '--target' : 'target');
  const needsEmbedded = given === undefined;
  let embedded: EmbeddedTarget | undefined;
  let config = opts.config;
  const progress = opts.progress ? new ProgressReporter() : undefined;
  try {
    // Loaded only when needed: a run against a real target does not start the reference.
    if (needsEmbedded) {
      const reference = await import('../reference/embedded.ts');
      config = reference.embeddedConfig(config);
      embedded = await reference.startEmbedded(config);
    }
    const settings = resolveSettings(config, opts.overrides, embedded);
    await assertReachable(settings.target, settings.paths.net, Math.min(settings.timeoutMs, 10_000));
    const reportDir = resolve(opts.reportDir);
    await rm(join(reportDir, 'allure-results'), { recursive: true, force: true });
    await mkdir(reportDir, { recursive: true });
    let summary: Summary | undefined;
    // The spec reports each operation sent only when asked (read in specs/conformance.spec.ts).
    const runId = randomUUID();
    const provided: RunSettings = { ...settings, runId, ...(progress ? { progress: true } : {}) };
    const onAbort = () => requestInterrupt(runId);
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    // Vitest's logger exits the process on SIGINT/SIGTERM; the CLI handles them itself (stop
    // sending, write the reports), so the listeners vitest adds are removed before it starts.
    const before = { SIGINT: new Set(process.listeners('SIGINT')), SIGTERM: new Set(process.listeners('SIGTERM')) };
    const vitest = await createVitest(
      'test',
      {
        root: PACKAGE_ROOT,
        config: false,
        watch: false,
        include: ['specs/**/*.spec.ts'],
        provide: { campusnet: provided },
        // Progress lines are for the progress reporter only, never for other output.
        onConsoleLog: (log) => !log.includes(PROGRESS_MARKER),
        // The whole run happens in the spec's beforeAll: its time is the run's time.
        hookTimeout: 0,
        testTimeout: 60_000,
        pool: 'threads',
        maxWorkers: 1,
        reporters: [
          // First, so the live line is cleared before any other reporter writes at the end.
          ...(progress ? [progress] : []),
          new SummaryReporter({ reportDir, settings, incomplete: () => opts.signal?.aborted === true, onSummary: (s) => (summary = s) }),
          ['junit', { outputFile: join(reportDir, 'junit.xml'), suiteName: 'campusnet-conformance' }],
          new AllureReporter({ resultsDir: join(reportDir, 'allure-results') }),
          // A shard leaves a blob report for `merge` (vitest's merge-reports).
          ...(settings.shard ? [['blob', { outputFile: join(reportDir, BLOB_DIR, `blob-${settings.shard.index}-${settings.shard.count}.json`) }] as ['blob', { outputFile: string }]] : []),
        ],
      },
      { logLevel: 'silent' },
      vitestOutput(),
    );
    for (const sig of ['SIGINT', 'SIGTERM'] as const) for (const l of process.listeners(sig)) if (!before[sig].has(l)) process.off(sig, l);
    await vitest.start();
    await vitest.close();
    opts.signal?.removeEventListener('abort', onAbort);
    return { summary, settings, reportDir };
  } finally {
    progress?.clear();
    await embedded?.close();
  }
}
