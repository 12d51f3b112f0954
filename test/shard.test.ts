// Sharding: `run --shard i/n` on every shard, then `merge`, reports what one unsharded run with
// the same seed reports, verdict for verdict (vitest blob reports and merge-reports).
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { summarySchema } from '../reports/summarySchema.ts';
import { runCli } from './support/cli.ts';
import type { Summary } from '../reports/model.ts';

const cli = (args: string[]) => runCli(args, { timeoutMs: 180_000 });

const work = mkdtempSync(join(tmpdir(), 'campusnet-shard-'));
const read = (dir: string): Summary => summarySchema.parse(JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')));
const verdicts = (s: Summary) => Object.fromEntries(s.results.map((r) => [`${r.check}|${r.operation}|${r.binding}`, r.verdict]));

describe('sharded runs', () => {
  it('merge into the verdicts of one unsharded run', async () => {
    const common = ['--seed', '5', '--runs', '4'];
    const [whole, one, two] = await Promise.all([
      cli(['run', ...common, '--report-dir', join(work, 'whole')]),
      cli(['run', ...common, '--shard', '1/2', '--report-dir', join(work, 's1')]),
      cli(['run', ...common, '--shard', '2/2', '--report-dir', join(work, 's2')]),
    ]);
    for (const r of [whole, one, two]) expect(r.code, r.out).toBe(0);
    const s1 = read(join(work, 's1'));
    const s2 = read(join(work, 's2'));
    // Each shard ran part of the operations, and together all of them.
    const ops = (s: Summary) => new Set(s.results.map((r) => r.operation));
    expect(ops(s1).size).toBeGreaterThan(0);
    expect([...ops(s1)].some((o) => ops(s2).has(o))).toBe(false);

    const merged = await cli(['merge', join(work, 's1'), join(work, 's2'), '--report-dir', join(work, 'merged')]);
    expect(merged.code, merged.out).toBe(0);
    // No line of vitest's about the scratch JUnit files it wrote for each shard.
    expect(merged.stdout).not.toContain('report written');
    const m = read(join(work, 'merged'));
    const w = read(join(work, 'whole'));
    expect(verdicts(m)).toEqual(verdicts(w));
    expect(m.totals).toEqual(w.totals);
    expect(m.verdict).toBe(w.verdict);
    expect(existsSync(join(work, 'merged', 'junit.xml'))).toBe(true);
    expect(readFileSync(join(work, 'merged', 'junit.xml'), 'utf8').match(/<testcase /g)?.length).toBe(readFileSync(join(work, 'whole', 'junit.xml'), 'utf8').match(/<testcase /g)?.length);
  }, 240_000);

  it('refuses report directories that are not shards of one run', async () => {
    const r = await cli(['merge', join(work, 'whole'), '--report-dir', join(work, 'bad')]);
    expect(r.code).toBe(2);
    expect(r.out).toMatch(/no blob\/ report: was it run with --shard\?/);
  }, 60_000);
});
