// Allure: each result carries endpoint, operation, binding, the level as severity, requirement IDs
// as links and, for failures, the exchange as attachments; `npm run report:allure` turns the
// results into Allure's HTML report with allure-commandline.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveProfile } from '../config/profile.ts';
import { referenceProfile } from '../reference/profile.ts';
import { startReference, type ReferenceServer } from '../reference/server.ts';
import { DEFECT_BY_ID } from '../defects/catalog.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const run = (file: string, args: string[], cwd = ROOT): Promise<{ code: number; out: string }> =>
  new Promise((resolve) =>
    execFile(file, args, { cwd, timeout: 120_000 }, (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : 99) : 0, out: `${stdout}${stderr}` })),
  );

const work = mkdtempSync(join(tmpdir(), 'campusnet-allure-'));
let target: ReferenceServer;
beforeAll(async () => {
  target = await startReference({ profile: referenceProfile(resolveProfile({}), ''), deviation: DEFECT_BY_ID.get('D05-GET-CONTENT-TYPE-HTML')!.deviation });
});
afterAll(() => target.close());

interface AllureResult {
  name: string;
  status: string;
  labels: { name: string; value: string }[];
  links: { name: string; type: string }[];
  steps: { attachments?: { name: string }[] }[];
}

describe('Allure results', () => {
  it('carry endpoint, operation, binding, severity, requirement links and the failing exchange; allure generate renders them', async () => {
    const reportDir = join(work, 'report');
    const r = await run(process.execPath, [join(ROOT, 'bin/campusnet-conformance.js'), 'run', '--target', target.url, '--operations', 'GetUserOnlineInfo', '--bindings', 'get', '--runs', '2', '--report-dir', reportDir]);
    expect(r.code, r.out).toBe(1);
    const dir = join(reportDir, 'allure-results');
    const results = readdirSync(dir)
      .filter((f) => f.endsWith('-result.json'))
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as AllureResult);
    const failed = results.find((x) => x.name === 'checkResponseContentTypeMatchesBinding' && x.status === 'failed')!;
    expect(failed).toBeDefined();
    const label = (n: string) => failed.labels.filter((l) => l.name === n).map((l) => l.value);
    expect(label('endpoint')).toContain('net');
    expect(label('operation')).toContain('GetUserOnlineInfo');
    expect(label('binding')).toContain('get');
    expect(label('severity')).toContain('critical');
    expect(failed.links.filter((l) => l.type === 'requirement').map((l) => l.name)).toContain('IF-4.1-GET-CONTENT-TYPE');
    expect(failed.steps.flatMap((s) => s.attachments ?? []).map((a) => a.name)).toEqual(expect.arrayContaining(['request', 'response', 'curl']));

    const html = join(work, 'allure-report');
    const gen = await run(join(ROOT, 'node_modules/.bin/allure'), ['generate', dir, '--clean', '-o', html]);
    expect(gen.code, gen.out).toBe(0);
    expect(existsSync(join(html, 'index.html'))).toBe(true);
    expect(readFileSync(join(html, 'data', 'suites.json'), 'utf8')).toContain('GetUserOnlineInfo');
  }, 120_000);

  it('npm run report:allure points at the default report directory', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts['report:allure']).toBe('allure generate reports/out/allure-results --clean -o reports/out/allure-report');
  });
});
