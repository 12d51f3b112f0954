// config/load.ts, config/schema.ts, config/profile.ts: a configuration is read with ${ENV}
// interpolation, rejected with one-line, path-naming messages (exit code 2), and the profile fills
// the gaps of the spec with named defaults.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { interpolateEnv, loadConfigFile, parseConfig, resolveSettings } from '../config/load.ts';
import { UserError } from '../config/errors.ts';
import { assumptionsInForce, resolveProfile } from '../config/profile.ts';
import { OPERATIONS } from '../contracts/operations.ts';

/** Runs fn and returns the UserError it throws (fails the test if it throws anything else or nothing). */
function userError(fn: () => unknown): UserError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    return e as UserError;
  }
  throw new Error('expected a UserError, nothing was thrown');
}

async function userErrorAsync(p: Promise<unknown>): Promise<UserError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    return e as UserError;
  }
  throw new Error('expected a UserError, nothing was thrown');
}

function expectOneLineUsage(e: UserError, ...parts: string[]): void {
  expect(e.exitCode).toBe(2);
  expect(e.message).not.toMatch(/[\r\n]/);
  for (const p of parts) expect(e.message).toContain(p);
}

describe('interpolateEnv', () => {
  it('replaces ${X} in nested strings and leaves other values alone', () => {
    const env = { KEY: 's3cr3t', PW: 'p@ss', HOST: 'h' };
    const out = interpolateEnv(
      { sharedKey: '${KEY}', target: 'http://${HOST}:8080/${HOST}', runs: 5, strict: true, fixtures: { carrierAccounts: [{ username: 'u', password: '${PW}' }] } },
      env,
    );
    expect(out).toEqual({ sharedKey: 's3cr3t', target: 'http://h:8080/h', runs: 5, strict: true, fixtures: { carrierAccounts: [{ username: 'u', password: 'p@ss' }] } });
  });

  it('does not expand a variable value again, nor $X without braces', () => {
    expect(interpolateEnv('${A}', { A: '${B}', B: 'no' })).toBe('${B}');
    expect(interpolateEnv('$A', { A: 'no' })).toBe('$A');
  });

  it('an empty variable is set (empty), not missing', () => {
    expect(interpolateEnv('x${E}y', { E: '' })).toBe('xy');
  });

  it('an unset variable is a UserError (exit 2) naming the path and the variable', () => {
    const e = userError(() => interpolateEnv({ fixtures: { carrierAccounts: [{ password: '${CARRIER_PW}' }] } }, {}));
    expectOneLineUsage(e, 'fixtures.carrierAccounts[0].password', 'CARRIER_PW');
    expectOneLineUsage(userError(() => interpolateEnv({ sharedKey: '${SHARED_KEY}' }, {})), 'sharedKey', 'SHARED_KEY');
  });
});

describe('parseConfig', () => {
  it('accepts an empty and a full configuration', () => {
    expect(parseConfig({}, 'c.json')).toEqual({});
    const full = {
      target: 'https://svc.example/',
      paths: { net: '/API/net.asmx', bwc: '/API/BWC.asmx' },
      securityOfficeNamespace: 'http://tempuri.org/',
      siteId: 's',
      sharedKey: 'k',
      totp: { secret: 'JBSWY3DPEHPK3PXP', digits: 8, period: 60, algorithm: 'sha256' },
      timeSpan: { format: 'yyyyMMddHHmmss', utcOffsetMinutes: 480, windowSeconds: 60 },
      signature: { default: { hash: 'sha1' }, operations: { GetUserInfo: { params: ['SiteID', 'Account'], hexCase: 'upper' } } },
      allowMutations: false,
      bindings: ['soap11', 'get'],
      operations: ['GetUserInfo'],
      runs: 10,
      seed: 1,
    };
    expect(parseConfig(full, 'c.json')).toEqual(full);
  });

  const rejects: [string, unknown, string[]][] = [
    ['an unknown top-level key', { targte: 'http://h' }, ['c.json', 'targte']],
    ['an unknown nested key', { totp: { secrett: 'A' } }, ['c.json', 'totp', 'secrett']],
    ['a wrong type', { runs: '5' }, ['c.json', 'runs']],
    ['a wrong nested type', { timeSpan: { utcOffsetMinutes: 'UTC+8' } }, ['timeSpan.utcOffsetMinutes']],
    ['a non-base32 TOTP secret', { totp: { secret: 'not-base32!' } }, ['totp.secret', 'base32']],
    ['a TOTP secret with 0, 1, 8 or 9 (not in the base32 alphabet)', { totp: { secret: 'ABC0189' } }, ['totp.secret']],
    ['unsupported TOTP digits', { totp: { digits: 5 } }, ['totp.digits']],
    ['a target that is not http(s)', { target: 'ftp://h/' }, ['target']],
    ['an unknown binding', { bindings: ['soap13'] }, ['bindings']],
    ['a recipe for SendIntranetMail', { signature: { operations: { SendIntranetMail: { params: ['SiteID'] } } } }, ['signature.operations.SendIntranetMail', 'fixed by spec §5.2']],
    ['a recipe naming a parameter the operation lacks', { signature: { operations: { GetUserInfo: { params: ['SiteID', 'UID'] } } } }, ['signature.operations.GetUserInfo.params', 'UID']],
    ['a recipe for an unsigned operation', { signature: { operations: { GetIPUser: { params: ['SiteID'] } } } }, ['signature.operations.GetIPUser', 'not signed']],
    ['a recipe for an unknown operation', { signature: { operations: { NoSuchOp: { params: [] } } } }, ['signature.operations.NoSuchOp']],
    ['an unknown hash', { signature: { default: { hash: 'md4' } } }, ['signature.default.hash']],
  ];
  it.each(rejects)('rejects %s with a one-line message naming the key path', (_what, raw, parts) => {
    expectOneLineUsage(userError(() => parseConfig(raw, 'c.json')), ...parts);
  });

  it('accepts the parameter names of the operation exactly (case-sensitive)', () => {
    expect(() => parseConfig({ signature: { operations: { GetUserPackages: { params: ['SiteID', 'TimeSpan', 'UID'] } } } }, 'c')).not.toThrow();
    expectOneLineUsage(userError(() => parseConfig({ signature: { operations: { BindTest: { params: ['SiteID', 'TimeSpan'] } } } }, 'c')), 'TimeSpan');
  });
});

describe('loadConfigFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'campusnet-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text, 'utf8');
    return path;
  };

  it('reads, interpolates and validates a file', async () => {
    const path = write('ok.json', JSON.stringify({ sharedKey: '${TEST_KEY}', runs: 3 }));
    await expect(loadConfigFile(path, { TEST_KEY: 'abc' })).resolves.toEqual({ sharedKey: 'abc', runs: 3 });
  });

  it('a missing file is a one-line UserError naming the file', async () => {
    const path = join(dir, 'missing.json');
    expectOneLineUsage(await userErrorAsync(loadConfigFile(path, {})), path, 'ENOENT');
  });

  it('invalid JSON on one line is a one-line UserError naming the file', async () => {
    const path = write('bad1.json', '{"runs": 3,}');
    expectOneLineUsage(await userErrorAsync(loadConfigFile(path, {})), path, 'not valid JSON');
  });

  // Regression test (once a bug, now fixed) — config/load.ts, loadConfigFile): V8's JSON.parse message quotes the source text, so a
  // multi-line file yields a multi-line message (config/errors.ts promises one line).
  it('invalid JSON spanning several lines is still a one-line UserError', async () => {
    const path = write('bad2.json', '{\n  "runs": 3,\n  "seed": x\n}\n');
    expectOneLineUsage(await userErrorAsync(loadConfigFile(path, {})), path, 'not valid JSON');
  });

  it('an unset variable and a schema violation in a file name the file and the key', async () => {
    expectOneLineUsage(await userErrorAsync(loadConfigFile(write('env.json', '{"sharedKey": "${NOPE_UNSET}"}'), {})), 'sharedKey', 'NOPE_UNSET');
    const p = write('schema.json', '{"runs": 0}');
    expectOneLineUsage(await userErrorAsync(loadConfigFile(p, {})), p, 'runs');
  });
});

describe('resolveSettings', () => {
  const embedded = { url: 'http://127.0.0.1:5555', securityOfficeNamespace: 'http://127.0.0.1:5555/' };

  it('no target and no embedded reference is a UserError', () => {
    expectOneLineUsage(userError(() => resolveSettings({}, {})), 'target');
  });

  it.each(['htp:/x', 'not a url', 'ftp://h/'])('an invalid --target %j is a UserError with exit code 2', (t) => {
    expectOneLineUsage(userError(() => resolveSettings({}, { target: t }, embedded)), '--target', t);
  });

  it('--target overrides the configured target', () => {
    const s = resolveSettings({ target: 'http://config:1' }, { target: 'http://cli:2/' });
    expect(s.target).toBe('http://cli:2');
    expect(s.embedded).toBe(false);
    expect(resolveSettings({ target: 'http://config:1' }, {}).target).toBe('http://config:1');
  });

  it('the embedded reference: embedded, mutations allowed, its own namespace', () => {
    const s = resolveSettings({}, {}, embedded);
    expect(s.target).toBe(embedded.url);
    expect(s.embedded).toBe(true);
    expect(s.allowMutations).toBe(true);
    expect(s.securityOfficeNamespace).toBe(embedded.securityOfficeNamespace);
  });

  it('a real target: no mutations unless the configuration allows them', () => {
    expect(resolveSettings({}, { target: 'http://h:8080' }, embedded).allowMutations).toBe(false);
    expect(resolveSettings({ target: 'http://h:8080' }, {}).allowMutations).toBe(false);
    expect(resolveSettings({ target: 'http://h:8080', allowMutations: false }, {}).allowMutations).toBe(false);
    expect(resolveSettings({ target: 'http://h:8080', allowMutations: true }, {}).allowMutations).toBe(true);
    expect(resolveSettings({ target: 'http://h:8080' }, {}, embedded).embedded).toBe(false);
  });

  it('securityOfficeNamespace defaults to {base_url}/ with one trailing slash, and can be set', () => {
    for (const t of ['http://h:8080', 'http://h:8080/', 'http://h:8080///']) {
      expect(resolveSettings({}, { target: t }).securityOfficeNamespace).toBe('http://h:8080/');
    }
    expect(resolveSettings({}, { target: 'https://h/svc/' }).securityOfficeNamespace).toBe('https://h/svc/');
    expect(resolveSettings({ securityOfficeNamespace: 'http://tempuri.org/' }, { target: 'http://h:8080/' }).securityOfficeNamespace).toBe('http://tempuri.org/');
  });

  it('defaults: all bindings and operations, spec paths, and overrides apply', () => {
    const s = resolveSettings({ runs: 7, seed: 9 }, { target: 'http://h', runs: 3 });
    expect(s.bindings).toEqual(['soap11', 'soap12', 'get', 'post']);
    expect(s.operations).toEqual(OPERATIONS.map((o) => o.name));
    expect(s.paths).toEqual({ net: '/API/net.asmx', bwc: '/API/BWC.asmx' });
    expect(s.runs).toBe(3);
    expect(s.seed).toBe(9);
    const o = resolveSettings({ operations: ['GetUserInfo', 'DeleteUser'] }, { target: 'http://h', bindings: ['get', 'soap11'] });
    expect(o.bindings).toEqual(['soap11', 'get']);
    // Contract order, whatever order they were named in.
    expect(o.operations).toEqual(['GetUserInfo', 'DeleteUser']);
    expect(resolveSettings({ operations: ['DeleteUser', 'GetUserInfo'] }, { target: 'http://h' }).operations).toEqual(['GetUserInfo', 'DeleteUser']);
  });

  it('unknown operation and binding names are rejected', () => {
    expectOneLineUsage(userError(() => resolveSettings({}, { target: 'http://h', operations: ['GetUserinfo'] })), 'operations', 'GetUserinfo');
    expectOneLineUsage(userError(() => resolveSettings({ operations: ['Nope'] }, { target: 'http://h' })), 'Nope');
    expectOneLineUsage(userError(() => resolveSettings({}, { target: 'http://h', bindings: ['soap'] })), 'bindings', 'soap');
  });
});

describe('resolveProfile defaults', () => {
  const profile = resolveProfile({});

  // Written out independently of defaultRecipeParams: SiteID, the TimeSpan parameter, the principal.
  const expectedParams: Record<string, string[]> = {
    UserOffLine: ['SiteID', 'TimeSpan', 'Account'],
    BindTelecomNet: ['SiteID', 'TimeSpan', 'uid'],
    GetOnlineEquipmentList: ['SiteID', 'TimeSpan', 'Account'],
    SendIntranetMail: ['SiteID', 'TimeSpan', 'ToUID'],
    ActiveCampusAccount: ['SiteID', 'TimeSpan', 'UID'],
    GetUserPackages: ['SiteID', 'TimeSpan', 'UID'],
    BindBYSTelecomNet: ['SiteID', 'TimeSpan', 'uid'],
    SearchCampusUser: ['SiteID', 'TimeSpan', 'UID'],
    SetUser_Avaliable: ['SiteID', 'TimeSpan', 'Account'],
    TryTelecomNetAAA: ['SiteID', 'TimeSpan', 'netUsername'],
    GetUserInfo: ['SiteID', 'TimeSpan', 'Account'],
    DeleteUser: ['SiteID', 'TimeSpan', 'UID'],
    GetUserOnlineInfo: ['SiteID', 'TimeSpan', 'Account'],
    BindTest: ['SiteID', 'Timespan', 'UID'],
  };

  it('has a recipe for exactly the signed operations', () => {
    expect([...profile.signatures.keys()].sort()).toEqual(Object.keys(expectedParams).sort());
    expect(OPERATIONS.filter((o) => o.auth.kind === 'signature').map((o) => o.name).sort()).toEqual(Object.keys(expectedParams).sort());
  });

  it.each(Object.entries(expectedParams))('%s: lowercase MD5 of %j + Key', (name, params) => {
    const r = profile.signatures.get(name)!;
    expect(r.params).toEqual(params);
    expect(r.hash).toBe('md5');
    expect(r.hexCase).toBe('lower');
    expect(r.source).toBe(name === 'SendIntranetMail' ? 'spec' : 'default');
  });

  it('other defaults: unix-seconds TimeSpan, 6-digit 30 s SHA-1 TOTP', () => {
    expect(profile.timeSpan).toEqual({ format: 'unix-seconds', utcOffsetMinutes: 0, windowSeconds: 300 });
    expect(profile.totp).toMatchObject({ digits: 6, period: 30, algorithm: 'sha1' });
  });

  it('configured recipes override the default, but never the spec recipe of SendIntranetMail', () => {
    const p = resolveProfile({ signature: { default: { hash: 'sha256' }, operations: { GetUserInfo: { params: ['Account', 'SiteID'], hexCase: 'upper' } } } });
    expect(p.signatures.get('GetUserInfo')).toEqual({ params: ['Account', 'SiteID'], hash: 'sha256', hexCase: 'upper', source: 'config' });
    expect(p.signatures.get('DeleteUser')).toEqual({ params: ['SiteID', 'TimeSpan', 'UID'], hash: 'sha256', hexCase: 'lower', source: 'config' });
    expect(p.signatures.get('SendIntranetMail')).toMatchObject({ hash: 'md5', hexCase: 'lower', source: 'spec' });
  });

  it('a lowercase base32 TOTP secret is normalised to uppercase', () => {
    expect(resolveProfile({ totp: { secret: 'jbswy3dpehpk3pxp' } }).totp.secret).toBe('JBSWY3DPEHPK3PXP');
  });
});

describe('assumptionsInForce', () => {
  it('marks every assumption as a default for an empty configuration', () => {
    const a = assumptionsInForce(resolveProfile({}), {});
    expect(a.map((x) => x.requirement)).toEqual(
      expect.arrayContaining(['IF-5.6-SIGNATURE', 'IF-5.7-TIMESPAN', 'IF-5.9-TOTP', 'IF-4.4-ACTION', 'IF-4.4-AVALIABLE', 'IF-4.4-PRODUCT', 'IF-4.4-PRODUCTID', 'IF-5.8-ISSUANCE']),
    );
    for (const x of a) expect(x.isDefault, x.requirement).toBe(true);
  });

  it('marks configured settings as not default and describes them', () => {
    const cfg = parseConfig(
      {
        timeSpan: { format: 'yyyyMMddHHmmss', utcOffsetMinutes: 480 },
        totp: { digits: 8 },
        signature: { operations: { GetUserInfo: { params: ['SiteID', 'Account'], hash: 'sha1' } } },
        fixtures: { actions: [5] },
      },
      'c',
    );
    const a = new Map(assumptionsInForce(resolveProfile(cfg), cfg).map((x) => [x.requirement, x]));
    expect(a.get('IF-5.7-TIMESPAN')).toMatchObject({ isDefault: false, value: 'yyyyMMddHHmmss (UTC+8)' });
    expect(a.get('IF-5.9-TOTP')).toMatchObject({ isDefault: false, value: 'SHA1, 8 digits, 30 s' });
    expect(a.get('IF-5.6-SIGNATURE')?.isDefault).toBe(false);
    expect(a.get('IF-5.6-SIGNATURE')?.value).toContain('GetUserInfo: lowercase hex SHA1(SiteID + Account + Key)');
    expect(a.get('IF-5.6-SIGNATURE')?.value).not.toContain('SendIntranetMail');
    expect(a.get('IF-4.4-ACTION')).toMatchObject({ isDefault: false, value: '5' });
    expect(a.get('IF-4.4-PRODUCT')?.isDefault).toBe(true);
  });
});
