// Runs the suite against the reference with one defect's deviation, in process: the catalog's
// proof that the defect's checks notice it and that the run fails.
import { resolveProfile } from '../config/profile.ts';
import { resolveSettings } from '../config/load.ts';
import { referenceProfile } from '../reference/profile.ts';
import { startReference } from '../reference/server.ts';
import { executeRun } from '../specs/harness/execute.ts';
import { runVerdict, totalsOf, type ResultEntry, type Summary } from '../reports/model.ts';
import type { Defect } from './catalog.ts';

export interface Proof {
  readonly results: readonly ResultEntry[];
  readonly verdict: Summary['verdict'];
  /** Expected checks that failed somewhere in the scope, and those that did not. */
  readonly caught: readonly string[];
  readonly missed: readonly string[];
  readonly ms: number;
}

export async function prove(defect: Defect, opts: { runs?: number; seed?: number } = {}): Promise<Proof> {
  const t0 = performance.now();
  const config = defect.config ?? {};
  const profile = resolveProfile(config);
  const server = await startReference({ profile: referenceProfile(profile, ''), deviation: defect.deviation });
  try {
    const settings = resolveSettings(
      config,
      { operations: defect.scope.operations, ...(defect.scope.bindings ? { bindings: defect.scope.bindings } : {}), runs: config.runs ?? opts.runs ?? 5, seed: opts.seed ?? 1 },
      server,
    );
    const { results } = await executeRun(settings);
    const failed = new Set(results.filter((r) => r.verdict === 'failed').map((r) => r.check));
    return {
      results,
      verdict: runVerdict(totalsOf(results)),
      caught: defect.expectedChecks.filter((c) => failed.has(c)),
      missed: defect.expectedChecks.filter((c) => !failed.has(c)),
      ms: performance.now() - t0,
    };
  } finally {
    await server.close();
  }
}
