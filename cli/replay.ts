// `campusnet-conformance replay ID`: re-sends one recorded failing request and re-checks it.
// The report's copy of the request is redacted and its TimeSpan/TOTP stale, so the request is
// regenerated instead: same run seed, same operation, same case index (its fast-check path), with
// today's clock and the secrets of the configuration. Every check that failed on it runs again.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConfigFile } from '../config/schema.ts';
import { resolveSettings } from '../config/load.ts';
import { usageError } from '../config/errors.ts';
import { summarySchema } from '../reports/summarySchema.ts';
import type { ResultEntry, Summary } from '../reports/model.ts';
import { executeRun } from '../specs/harness/execute.ts';
import { CHECK_BY_ID } from '../validators/checks/index.ts';
import { assertReachable } from './preflight.ts';

export interface ReplayOptions {
  readonly reportDir: string;
  readonly exchangeId: string;
  readonly config: ConfigFile;
  readonly target?: string;
}

export interface ReplayResult {
  readonly before: readonly ResultEntry[];
  readonly after: readonly (ResultEntry | undefined)[];
}

async function readSummary(reportDir: string): Promise<Summary> {
  const file = join(reportDir, 'summary.json');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw usageError(`no report at ${file}`);
  }
  const parsed = summarySchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw usageError(`${file} is not a campusnet-conformance summary`);
  return parsed.data;
}

export async function replay(opts: ReplayOptions): Promise<ReplayResult> {
  const summary = await readSummary(opts.reportDir);
  const before = summary.results.filter((r) => r.evidence?.exchangeId === opts.exchangeId);
  if (!before.length) {
    const known = [...new Set(summary.results.flatMap((r) => (r.evidence ? [r.evidence.exchangeId] : [])))];
    throw usageError(`no failure with exchange ID ${opts.exchangeId} in the report${known.length ? ` (it has ${known.slice(0, 5).join(', ')}${known.length > 5 ? ', …' : ''})` : ' (it has no failures)'}`);
  }
  const { operation, binding } = before[0];
  const scopes = new Set(before.map((r) => CHECK_BY_ID.get(r.check)?.scope));
  const index = Number(before[0].evidence!.path);
  // A comparison across bindings needs the baseline binding too; a scenario is replayed whole.
  const bindings = scopes.has('group') ? [...new Set([summary.bindings[0], binding])] : [binding];
  const oneCase = !scopes.has('scenario') && Number.isInteger(index);

  let embedded: { url: string; securityOfficeNamespace: string; close(): Promise<void> } | undefined;
  try {
    const target = opts.target ?? (summary.embedded ? undefined : summary.target);
    let config = opts.config;
    if (target === undefined) {
      const reference = await import('../reference/embedded.ts');
      config = reference.embeddedConfig(config);
      embedded = await reference.startEmbedded(config);
    }
    const settings = resolveSettings(
      config,
      { ...(target !== undefined ? { target } : {}), seed: summary.seed, runs: summary.runs, operations: [operation], bindings, ...(oneCase ? { onlyCase: index } : {}) },
      embedded,
    );
    await assertReachable(settings.target, settings.paths.net, Math.min(settings.timeoutMs, 10_000));
    const outcome = await executeRun(settings);
    return { before, after: before.map((r) => outcome.entry(r.check, operation, binding)) };
  } finally {
    await embedded?.close();
  }
}
