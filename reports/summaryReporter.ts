// A vitest Reporter that writes summary.json from the results the specs attach to their tests
// (task meta), never from console output, and report.html next to it. It also produces the
// certification's verdict.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';
import type { ResultEntry, Summary } from './model.ts';
import { runVerdict, totalsOf } from './model.ts';
import type { RunSettings } from '../config/load.ts';
import { assumptionsInForce, resolveProfile } from '../config/profile.ts';
import { TOOL_VERSION } from './version.ts';
import { checksFor, inShard, planRun } from '../specs/harness/plan.ts';
import { levelOf } from '../validators/check.ts';
import { Redactor } from './redact.ts';
import { renderHtmlReport } from './html.ts';

export interface SummaryReporterOptions {
  readonly reportDir: string;
  readonly settings: RunSettings;
  /** Receives the summary once written, so the CLI can choose its exit code. */
  readonly onSummary?: (summary: Summary) => void;
  /** Whether the run was interrupted (the summary is then marked incomplete). */
  readonly incomplete?: () => boolean;
}

export function collectResults(modules: ReadonlyArray<TestModule>): ResultEntry[] {
  const out: ResultEntry[] = [];
  for (const m of modules) for (const t of m.children.allTests()) {
    const entry = t.meta().conformance;
    if (entry) out.push(entry);
  }
  return out;
}

/**
 * What went wrong outside the checks: a spec file that did not load, a hook or test that failed
 * before it could attach a result, an error no test caught. One line each.
 */
export function suiteErrorsOf(modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<SerializedError> = []): string[] {
  const out: string[] = [];
  const line = (e: { message?: string; name?: string }) => `${e.name && e.name !== 'Error' ? `${e.name}: ` : ''}${(e.message ?? 'unknown error').split('\n')[0]}`;
  for (const m of modules) {
    for (const e of m.errors()) out.push(`${m.relativeModuleId} did not run: ${line(e)}`);
    for (const t of m.children.allTests()) {
      if (t.meta().conformance) continue;
      for (const e of t.result().errors ?? []) out.push(`${t.fullName}: ${line(e)}`);
    }
  }
  for (const e of unhandled) out.push(`an error no test caught: ${line(e)}`);
  // One cause usually fails every test the same way: each distinct message once.
  return [...new Set(out)];
}

/**
 * Every check the run selected has a result: one the specs never attached (see suiteErrorsOf)
 * becomes an error, so that a run that broke can never read as passed, or as fewer checks.
 */
export function completeResults(found: readonly ResultEntry[], s: RunSettings, suiteErrors: readonly string[]): ResultEntry[] {
  const have = new Set(found.map((r) => `${r.check}|${r.operation}|${r.binding}`));
  const cause = suiteErrors[0] ?? 'no test reported it';
  const missing: ResultEntry[] = [];
  for (const plan of planRun(s)) {
    for (const binding of plan.bindings) {
      for (const c of checksFor(plan.operation, binding)) {
        if (have.has(`${c.id}|${plan.operation.name}|${binding}`)) continue;
        missing.push({
          check: c.id,
          title: c.title,
          requirements: [...c.requirements(plan.operation, binding)],
          level: levelOf(c, plan.operation),
          operation: plan.operation.name,
          endpoint: plan.operation.endpoint,
          binding,
          cases: { total: 0, passed: 0, failed: 0, notApplicable: 0 },
          verdict: 'error',
          message: `the suite produced no result for this check (a defect of the suite or its installation, not of the target): ${cause}`,
        });
      }
    }
  }
  return [...found, ...missing];
}

export function buildSummary(results: readonly ResultEntry[], s: RunSettings, startedAt: Date, finishedAt: Date, exchanges: number, suiteErrors: readonly string[] = []): Summary {
  const totals = totalsOf(results);
  return {
    $schema: './summary.schema.json',
    tool: { name: 'campusnet-conformance', version: TOOL_VERSION },
    verdict: runVerdict(totals, suiteErrors),
    target: s.target,
    embedded: s.embedded,
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    seed: s.seed,
    runs: s.runs,
    bindings: [...s.bindings],
    // A shard reports the operations it ran.
    operations: s.operations.filter((_op, position) => inShard(s, position)),
    assumptions: assumptionsInForce(resolveProfile(s.config), s.config),
    totals,
    exchanges,
    // ru_maxrss is in kilobytes on Linux; the worker threads share this process.
    resources: { peakRssBytes: process.resourceUsage().maxRSS * 1024 },
    ...(suiteErrors.length ? { suiteErrors: [...suiteErrors] } : {}),
    results: [...results],
  };
}

export class SummaryReporter implements Reporter {
  private startedAt = new Date();

  constructor(private readonly opts: SummaryReporterOptions) {}

  onTestRunStart(): void {
    this.startedAt = new Date();
  }

  async onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError> = []): Promise<void> {
    const s = this.opts.settings;
    // Error messages may quote a request: redacted like every other text of the reports.
    const redactor = Redactor.forProfile(resolveProfile(s.config));
    const suiteErrors = suiteErrorsOf(modules, unhandledErrors).map((e) => redactor.text(e));
    const results = completeResults(collectResults(modules), s, suiteErrors);
    const exchanges = results.reduce((n, r) => (r.check === 'checkTargetAnswersInTime' ? n + r.cases.total : n), 0);
    const built = buildSummary(results, s, this.startedAt, new Date(), exchanges, suiteErrors);
    const summary = this.opts.incomplete?.() ? { ...built, incomplete: true } : built;
    await mkdir(this.opts.reportDir, { recursive: true });
    await writeFile(join(this.opts.reportDir, 'summary.json'), JSON.stringify(summary, null, 2) + '\n');
    // The auditors' page, rendered from the same summary (reports/html.ts).
    await writeFile(join(this.opts.reportDir, 'report.html'), renderHtmlReport(summary));
    this.opts.onSummary?.(summary);
  }
}
