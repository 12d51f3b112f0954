// The results of a run as data: what the specs attach to each test (vitest task meta) and what
// the reporters write. JSON-safe throughout; reports/summary.schema.json documents the file form.
import type { z } from 'zod';
import type { Verdict } from '../validators/check.ts';
import type { resultEntrySchema, summarySchema } from './summarySchema.ts';

// The types are those of the published schema (reports/summarySchema.ts), so the file and the
// code cannot disagree.
export type Evidence = z.infer<typeof summarySchema>['results'][number]['evidence'] & {};
export type ResultEntry = z.infer<typeof resultEntrySchema>;
export type Totals = Record<Verdict, number>;
export type Assumption = z.infer<typeof summarySchema>['assumptions'][number];
export type Summary = z.infer<typeof summarySchema>;

export const VERDICTS: readonly Verdict[] = ['passed', 'failed', 'warning', 'not-applicable', 'skipped', 'error'];

export function totalsOf(results: readonly Pick<ResultEntry, 'verdict'>[]): Totals {
  const t = Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Totals;
  for (const r of results) t[r.verdict]++;
  return t;
}

export function runVerdict(totals: Totals, suiteErrors: readonly string[] = []): Summary['verdict'] {
  if (totals.failed > 0) return 'failed';
  if (totals.error > 0 || suiteErrors.length > 0) return 'error';
  return 'passed';
}
