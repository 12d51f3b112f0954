// The command as a user meets it: exit codes, one-line errors without stacks, and the outputs
// of a certification. Each case runs the real bin in a child process.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../contracts/operations.ts';
import { BINDING_IDS } from '../contracts/bindings.ts';
import { summarySchema } from '../reports/summarySchema.ts';
import { runCli } from './support/cli.ts';

const work = mkdtempSync(join(tmpdir(), 'campusnet-cli-'));

const cli = (args: string[], env: NodeJS.ProcessEnv = {}) => runCli(args, { env });

/** A target that answers everything with an HTML page: reachable, and wrong in every binding. */
let html: Server;
let htmlUrl = '';
beforeAll(async () => {
  html = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hello</html>'));
  await new Promise<void>((r) => html.listen(0, '127.0.0.1', r));
  htmlUrl = `http://127.0.0.1:${(html.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => html.close(r)));

const oneLineError = (stderr: string) => {
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^campusnet-conformance: /);
  expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
};

describe('usage and configuration errors: exit 2, one line', () => {
  it.each([
    [[], /no command/],
    [['certify'], /unknown command/],
    [['run', '--bogus'], /bogus/],
    [['run', '--runs', 'many'], /--runs takes a whole number/],
    [['run', '--target', 'not a url'], /not a valid URL/],
    [['run', '--target', 'ftp://x'], /http or https/],
    [['run', '--target', ''], /not a valid URL/], // empty is not "no target": it must not certify the reference
    [['run', '--operations', 'NoSuchOp'], /unknown name "NoSuchOp"/],
    [['run', '--config', join(work, 'missing.json')], /cannot read the configuration file/],
  ])('%j', async (args, message) => {
    const r = await cli(args as string[]);
    expect(r.code).toBe(2);
    oneLineError(r.stderr);
    expect(r.stderr).toMatch(message);
  });

  it('names the key of an invalid configuration and an unset environment variable', async () => {
    const bad = join(work, 'bad.json');
    writeFileSync(bad, JSON.stringify({ totp: { digits: 9 } }));
    let r = await cli(['run', '--config', bad]);
    expect(r.code).toBe(2);
    oneLineError(r.stderr);
    expect(r.stderr).toMatch(/totp\.digits/);
    writeFileSync(bad, JSON.stringify({ sharedKey: '${CAMPUSNET_TEST_UNSET_KEY}' }));
    r = await cli(['run', '--config', bad], { CAMPUSNET_TEST_UNSET_KEY: undefined });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/sharedKey: environment variable CAMPUSNET_TEST_UNSET_KEY is not set/);
  });
});

describe('an unreachable target: exit 3', () => {
  it('says so in one line', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const r = await cli(['run', '--target', `http://127.0.0.1:${port}`, '--report-dir', join(work, 'unreachable')]);
    expect(r.code).toBe(3);
    oneLineError(r.stderr);
    expect(r.stderr).toMatch(/target unreachable: .*connection refused/);
  });
});

describe('a certification', () => {
  it('of the embedded reference passes and reports all 20 operations in all 4 bindings', async () => {
    const dir = join(work, 'embedded');
    const r = await cli(['run', '--runs', '3', '--seed', '7', '--report-dir', dir]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    // The output is the command's own: its header first, no line of vitest's ("JUNIT report written to …").
    expect(r.stdout.trimStart()).toMatch(/^campusnet-conformance \S+ — target /);
    expect(r.stdout).not.toContain('report written');
    const summary = summarySchema.parse(JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')));
    expect(summary.verdict).toBe('passed');
    expect(summary.seed).toBe(7);
    expect(summary.totals.failed).toBe(0);
    expect(summary.totals.error).toBe(0);
    const covered = new Set(summary.results.filter((x) => x.verdict === 'passed').map((x) => `${x.operation}/${x.binding}`));
    for (const op of OPERATIONS) for (const b of BINDING_IDS) expect(covered.has(`${op.name}/${b}`), `${op.name}/${b}`).toBe(true);
    expect(summary.assumptions.find((a) => a.requirement === 'IF-5.6-SIGNATURE')?.isDefault).toBe(true);
    const junit = readFileSync(join(dir, 'junit.xml'), 'utf8');
    expect(junit).toMatch(/<testsuites [^>]*tests="\d+"/);
    expect(junit).toContain('checkResponseStatusIs200');
    expect(readdirSync(join(dir, 'allure-results')).some((f) => f.endsWith('-result.json'))).toBe(true);
  }, 120_000);

  it('of a wrong target fails with exit 1 and evidence', async () => {
    const dir = join(work, 'wrong');
    const r = await cli(['run', '--target', htmlUrl, '--runs', '2', '--operations', 'GetUserInfo,DeleteUser', '--report-dir', dir]);
    expect(r.code).toBe(1);
    const summary = summarySchema.parse(JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')));
    expect(summary.verdict).toBe('failed');
    const ct = summary.results.find((x) => x.check === 'checkResponseContentTypeMatchesBinding' && x.binding === 'soap12')!;
    expect(ct.verdict).toBe('failed');
    expect(ct.message).toMatch(/^expected application\/soap\+xml; charset=utf-8 but the response contained text\/html/);
    expect(ct.evidence?.curl).toMatch(/^curl /);
    // A real target: state-changing operations are held back unless allowed.
    const del = summary.results.filter((x) => x.operation === 'DeleteUser');
    const sending = del.filter((x) => x.check !== 'checkPublishedWsdlMatchesContracts');
    expect(sending.length).toBeGreaterThan(0);
    expect(sending.every((x) => x.verdict === 'skipped' && /allowMutations/.test(x.message))).toBe(true);
    // Reading ?WSDL changes nothing, so it is checked for held-back operations too: an HTML page
    // is no WSDL, a SHOULD finding, so a warning.
    expect(del.filter((x) => x.check === 'checkPublishedWsdlMatchesContracts').every((x) => x.verdict === 'warning')).toBe(true);
    expect(existsSync(join(dir, 'junit.xml'))).toBe(true);
  }, 120_000);
});
