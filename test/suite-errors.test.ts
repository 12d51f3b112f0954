// A run that breaks outside the checks (a spec file that does not load, a hook that throws) must
// never read as passed, nor as fewer checks: every selected check is then an error, with the
// cause, and the verdict is error (exit 4). Found when a spec file failed to load and the
// summary said PASSED with 0 checks.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { createVitest } from 'vitest/node';
import { resolveSettings } from '../config/load.ts';
import { SummaryReporter } from '../reports/summaryReporter.ts';
import { PACKAGE_ROOT } from '../cli/certify.ts';
import { checksFor, planRun } from '../specs/harness/plan.ts';
import type { Summary } from '../reports/model.ts';

const settings = resolveSettings({ target: 'http://127.0.0.1:9', operations: ['GetUserInfo', 'UserOffLine'], bindings: ['soap11', 'get'] }, {});
const selected = planRun(settings).flatMap((p) => p.bindings.flatMap((b) => checksFor(p.operation, b)));

async function summaryOf(spec: string): Promise<Summary> {
  const reportDir = await mkdtemp(join(tmpdir(), 'campusnet-suite-errors-'));
  let summary: Summary | undefined;
  try {
    const vitest = await createVitest(
      'test',
      { root: PACKAGE_ROOT, config: false, watch: false, include: [spec], reporters: [new SummaryReporter({ reportDir, settings, onSummary: (s) => (summary = s) })] },
      { logLevel: 'silent' },
    );
    await vitest.start();
    await vitest.close();
  } finally {
    await rm(reportDir, { recursive: true, force: true });
  }
  if (!summary) throw new Error('no summary was written');
  return summary;
}

describe('a run that breaks outside the checks', () => {
  test('a spec file that does not load: every selected check is an error, with the cause', async () => {
    const s = await summaryOf('test/fixtures/suite-errors/broken-import.spec.ts');
    expect(s.verdict).toBe('error');
    expect(s.results).toHaveLength(selected.length);
    expect(s.totals.error).toBe(selected.length);
    expect(s.suiteErrors).toEqual([expect.stringContaining('fixture: this spec file cannot load')]);
    for (const r of s.results) expect(r.message).toContain('the suite produced no result for this check');
    expect(s.results[0].message).toContain('fixture: this spec file cannot load');
  });

  test('a hook that fails before any result: the same, and the test that failed is named', async () => {
    const s = await summaryOf('test/fixtures/suite-errors/failing-hook.spec.ts');
    expect(s.verdict).toBe('error');
    expect(s.totals.error).toBe(selected.length);
    expect(s.totals.passed).toBe(0);
    expect(s.suiteErrors?.join('\n')).toContain('fixture: the run could not start');
  });
});
