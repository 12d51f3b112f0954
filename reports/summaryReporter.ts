// A vitest Reporter that writes summary.json from the results the specs attach to their tests
// (task meta), never from console output, and report.html next to it. It also produces the
// certification's verdict.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import type { ResultEntry, Summary } from './model.ts';
import { runVerdict, totalsOf } from './model.ts';
import type { RunSettings } from '../config/load.ts';
import { assumptionsInForce, resolveProfile } from '../config/profile.ts';
import { TOOL_VERSION } from './version.ts';
import { inShard } from '../specs/harness/plan.ts';
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

export function buildSummary(results: readonly ResultEntry[], s: RunSettings, startedAt: Date, finishedAt: Date, exchanges: number): Summary {
  const totals = totalsOf(results);
  return {
    $schema: './summary.schema.json',
    tool: { name: 'campusnet-conformance', version: TOOL_VERSION },
    verdict: runVerdict(totals),
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
    results: [...results],
  };
}

export class SummaryReporter implements Reporter {
  private startedAt = new Date();

  constructor(private readonly opts: SummaryReporterOptions) {}

  onTestRunStart(): void {
    this.startedAt = new Date();
  }

  async onTestRunEnd(modules: ReadonlyArray<TestModule>): Promise<void> {
    const results = collectResults(modules);
    const exchanges = results.reduce((n, r) => (r.check === 'checkTargetAnswersInTime' ? n + r.cases.total : n), 0);
    const built = buildSummary(results, this.opts.settings, this.startedAt, new Date(), exchanges);
    const summary = this.opts.incomplete?.() ? { ...built, incomplete: true } : built;
    await mkdir(this.opts.reportDir, { recursive: true });
    await writeFile(join(this.opts.reportDir, 'summary.json'), JSON.stringify(summary, null, 2) + '\n');
    // The auditors' page, rendered from the same summary (reports/html.ts).
    await writeFile(join(this.opts.reportDir, 'report.html'), renderHtmlReport(summary));
    this.opts.onSummary?.(summary);
  }
}
