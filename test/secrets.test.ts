// Secrets never leak: a certification with known secrets against a target that echoes them back
// in failing answers, then every output file and every console line is searched for each secret
// in every form it can take (raw, URL-encoded, XML-, JSON- and HTML-escaped).
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveProfile } from '../config/profile.ts';
import type { ConfigFile } from '../config/schema.ts';
import { referenceProfile } from '../reference/profile.ts';
import { startReference, type ReferenceServer } from '../reference/server.ts';

const BIN = fileURLToPath(new URL('../bin/campusnet-conformance.js', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'campusnet-secrets-'));

// Secrets with every character that changes form on the way out.
const SHARED_KEY = `Key&<>"' +/=%密钥-${process.pid}`;
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXQ';
const PASSWORDS = [`pa ss&<>"'+%/=中-${process.pid}`, 'second-carrier-secret'];
const SECRETS = [SHARED_KEY, TOTP_SECRET, ...PASSWORDS];

const config: ConfigFile = {
  sharedKey: '${CAMPUSNET_TEST_SHARED_KEY}',
  totp: { secret: '${CAMPUSNET_TEST_TOTP_SECRET}' },
  fixtures: { carrierAccounts: [{ username: 'tel-0001', password: '${CAMPUSNET_TEST_PW_1}' }, { username: 'tel-0002', password: PASSWORDS[1] }] },
  allowMutations: true,
};
const env = { CAMPUSNET_TEST_SHARED_KEY: SHARED_KEY, CAMPUSNET_TEST_TOTP_SECRET: TOTP_SECRET, CAMPUSNET_TEST_PW_1: PASSWORDS[0] };

/** Every form a secret can take in a report, a log or on the wire. */
function forms(s: string): string[] {
  const xml = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const u = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  const json = JSON.stringify(s).slice(1, -1);
  return [
    s,
    encodeURIComponent(s),
    encodeURIComponent(s).replace(/%20/g, '+'),
    xml(s),
    xml(s).replace(/"/g, '&quot;').replace(/'/g, '&apos;'),
    xml(s).replace(/"/g, '&quot;').replace(/'/g, '&#39;'),
    xml(s).replace(/"/g, '&#34;').replace(/'/g, '&#39;'),
    json,
    json.replace(/[<>&']/g, u),
    JSON.stringify(json).slice(1, -1), // a JSON string inside JSON (summary.json holds JSON results)
    Buffer.from(s).toString('base64'),
  ];
}

let target: ReferenceServer;
let output = '';
let exitCode = -1;
const reportDir = join(work, 'report');

beforeAll(async () => {
  const profile = resolveProfile({ sharedKey: SHARED_KEY, totp: { secret: TOTP_SECRET }, fixtures: { carrierAccounts: [{ username: 'tel-0001', password: PASSWORDS[0] }, { username: 'tel-0002', password: PASSWORDS[1] }] } });
  // A hostile target: it answers correctly signed requests, then echoes every secret it knows in a
  // failing answer, so the evidence of the report holds them unless they are redacted.
  target = await startReference({
    profile: referenceProfile(profile, ''),
    deviation: {
      result: (_op, faithful, args) =>
        `${faithful} echo=${JSON.stringify({ key: SHARED_KEY, totp: TOTP_SECRET, pw: PASSWORDS, netPassword: args.get('netPassword') ?? null })}`,
      reply: (r) => ({ ...r, status: r.status === 200 ? 500 : r.status }),
    },
  });
  const file = join(work, 'config.json');
  writeFileSync(file, JSON.stringify(config));
  await new Promise<void>((resolve) =>
    execFile(
      process.execPath,
      [BIN, 'run', '--target', target.url, '--config', file, '--runs', '3', '--operations', 'TryTelecomNetAAA,BindTelecomNet,GetIPUser,SendIntranetMail,UserOffLine', '--report-dir', reportDir],
      { env: { ...process.env, ...env }, timeout: 120_000, maxBuffer: 32 * 1024 * 1024 },
      (err, stdout, stderr) => {
        exitCode = err ? (typeof err.code === 'number' ? err.code : 99) : 0;
        output = `${stdout}\n${stderr}`;
        resolve();
      },
    ),
  );
}, 150_000);

afterAll(() => target.close());

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

describe('secrets never leak', () => {
  it('the run failed on the echoing target, so there is evidence to leak from', () => {
    expect(exitCode, output).toBe(1);
    const summary = readFileSync(join(reportDir, 'summary.json'), 'utf8');
    expect(summary).toContain('"evidence"');
    expect(summary).toContain('[redacted]');
  });

  it('appear in no output file and no console line, in any form', () => {
    const files = filesUnder(reportDir);
    expect(files.some((f) => f.endsWith('summary.json'))).toBe(true);
    expect(files.some((f) => f.endsWith('junit.xml'))).toBe(true);
    expect(files.some((f) => f.includes('allure-results'))).toBe(true);
    const texts: [string, string][] = [['console', output], ...files.map((f) => [f, readFileSync(f).toString('utf8')] as [string, string])];
    const leaks: string[] = [];
    for (const secret of SECRETS) for (const form of forms(secret)) for (const [where, text] of texts) if (text.includes(form)) leaks.push(`${JSON.stringify(form)} in ${where}`);
    expect(leaks).toEqual([]);
  });
});
