// Reproduce and replay: a failure in a report is regenerated from its run seed and case path and
// checked again, against the same target (still failing) or a mended one (passing).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveProfile } from '../config/profile.ts';
import { referenceProfile } from '../reference/profile.ts';
import { startReference, type ReferenceServer } from '../reference/server.ts';
import { DEFECT_BY_ID } from '../defects/catalog.ts';
import { summarySchema } from '../reports/summarySchema.ts';
import { runCli } from './support/cli.ts';

const cli = (args: string[]) => runCli(args);


const work = mkdtempSync(join(tmpdir(), 'campusnet-replay-'));
let broken: ReferenceServer;
let mended: ReferenceServer;
beforeAll(async () => {
  const profile = referenceProfile(resolveProfile({}), '');
  broken = await startReference({ profile, deviation: DEFECT_BY_ID.get('D27-DELETE-RETURNS-UPPER-OK')!.deviation });
  mended = await startReference({ profile });
});
afterAll(async () => {
  await broken.close();
  await mended.close();
});

describe('replay', () => {
  it('regenerates a failing request by its exchange ID and checks it again', async () => {
    const dir = join(work, 'report');
    const config = join(work, 'config.json');
    await import('node:fs/promises').then((fs) => fs.writeFile(config, JSON.stringify({ allowMutations: true })));
    const run = await cli(['run', '--target', broken.url, '--config', config, '--operations', 'DeleteUser', '--bindings', 'get', '--runs', '4', '--seed', '11', '--report-dir', dir]);
    expect(run.code, run.out).toBe(1);
    const summary = summarySchema.parse(JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')));
    const failure = summary.results.find((r) => r.check === 'checkResultIsOkOnSuccess' && r.verdict === 'failed')!;
    expect(failure.evidence?.exchangeId).toMatch(/^DeleteUser\/get\/\d+$/);
    expect(failure.message).toContain(`path ${failure.evidence!.path}`);

    const again = await cli(['replay', failure.evidence!.exchangeId, '--report-dir', dir, '--config', config, '--target', broken.url]);
    expect(again.code, again.out).toBe(1);
    expect(again.out).toMatch(/checkResultIsOkOnSuccess on DeleteUser over get: was failed, now failed — expected the result "ok" but the response contained "OK"/);

    const fixed = await cli(['replay', failure.evidence!.exchangeId, '--report-dir', dir, '--config', config, '--target', mended.url]);
    expect(fixed.code, fixed.out).toBe(0);
    expect(fixed.out).toMatch(/was failed, now passed — 1 of 1 cases passed/);
  }, 120_000);

  it('says which IDs a report has when asked for one it lacks', async () => {
    const r = await cli(['replay', 'NoSuchOp/get/0', '--report-dir', join(work, 'report')]);
    expect(r.code).toBe(2);
    expect(r.out).toMatch(/no failure with exchange ID NoSuchOp\/get\/0 in the report \(it has DeleteUser\/get\/\d+/);
  }, 60_000);
});
