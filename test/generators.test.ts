// generators/*: every generated value is in the lexical form its binding accepts (notes, "Lexical
// forms"), never trips ASP.NET request validation, and state-changing operations only name fixtures.
// Authentication values are recomputed here independently (node:crypto), not with the code under test.
import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OPERATIONS, operation, type OperationContract } from '../contracts/operations.ts';
import { DEFAULT_FIXTURES, DEFAULT_SHARED_KEY, DEFAULT_SITE_ID, DEFAULT_TOTP_SECRET, resolveProfile } from '../config/profile.ts';
import { requestCase, type RequestCase } from '../generators/requestCase.ts';
import { authenticatedParams } from '../generators/authenticate.ts';
import { fixedClock } from '../generators/clock.ts';
import { totpCode, totpValid } from '../generators/totp.ts';
import { formatDatePattern, parseTimeSpan, timeSpanNow } from '../generators/timeSpan.ts';
import { operationSeed } from '../specs/harness/plan.ts';

const SEED = 4242;
const samples = new Map<string, RequestCase[]>(
  OPERATIONS.map((op) => [op.name, fc.sample(requestCase(op, DEFAULT_FIXTURES), { seed: SEED, numRuns: 200 })]),
);
const sampleOf = (op: OperationContract) => samples.get(op.name)!;
const generatedParams = (op: OperationContract) => op.params.filter((p) => !['siteId', 'timeSpan', 'signature', 'totp'].includes(p.role));

const XSD_INT = /^[+-]?\d+$/;
const HTTP_INT = /^\s*[+-]?\d+\s*$/; // Int32.Parse, NumberStyles.Integer, invariant culture
const XSD_DOUBLE = /^(\s*)([+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?|INF|-INF|NaN)(\s*)$/;
const XSD_DATETIME = /^-?\d{4,}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-](0\d|1[0-4]):[0-5]\d)?$/;
const XSD_DATE = /^-?\d{4,}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(Z|[+-](0\d|1[0-4]):[0-5]\d)?$/;
const HTTP_DATETIME = /^(\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}|\d{4}\/\d{2}\/\d{2}|\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2})$/;
// Control characters, including CR (an XML parser turns it into LF), LF and tab.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const REQUEST_VALIDATION = /<[a-zA-Z!/?]|&#/;

describe('requestCase: lexical forms, for every operation', () => {
  it.each(OPERATIONS.map((o) => o.name))('%s', (name) => {
    const op = operation(name);
    const cases = sampleOf(op);
    expect(cases).toHaveLength(200);
    for (const c of cases) {
      // Exactly the non-authentication parameters get values.
      expect(Object.keys(c.values).sort()).toEqual(generatedParams(op).map((p) => p.name).sort());
      for (const p of generatedParams(op)) {
        const v = c.values[p.name];
        const where = `${op.name}.${p.name} = ${JSON.stringify(v)}`;
        if (p.type === 'int') {
          expect(v.soap.trim(), where).toMatch(XSD_INT);
          expect(v.http, where).toMatch(HTTP_INT);
          // Both forms stand for the same number.
          expect(Number(v.soap.trim()), where).toBe(Number(v.http.trim()));
        } else if (p.type === 'double') {
          expect(v.soap, where).toMatch(XSD_DOUBLE);
          expect(v.soap, where).not.toMatch(/Infinity/);
          expect(v.http, where).not.toMatch(/INF/); // GET/POST reject INF; they take Infinity
        } else if (p.type === 'dateTime') {
          const s = v.soap;
          expect(XSD_DATETIME.test(s) || XSD_DATE.test(s), where).toBe(true);
          expect(s, where).not.toContain(' ');
          // GET/POST: forms DateTime.Parse (invariant culture) reads.
          expect(v.http, where).toMatch(HTTP_DATETIME);
        }
        for (const text of [v.soap, v.http]) {
          expect(CONTROL.test(text), where).toBe(false);
          expect(text, where).not.toMatch(REQUEST_VALIDATION);
        }
      }
    }
  });

  it('the double generator reaches INF, NaN, exponents and thousands separators', () => {
    const all = sampleOf(operation('UpdateIPv46Traffic')).flatMap((c) => Object.values(c.values));
    expect(all.some((v) => v.soap === 'INF')).toBe(true);
    expect(all.some((v) => v.http === 'Infinity')).toBe(true);
    expect(all.some((v) => v.soap === 'NaN')).toBe(true);
    expect(all.some((v) => /e/.test(v.soap))).toBe(true);
    expect(all.some((v) => /\d,\d{3}/.test(v.http))).toBe(true);
  });

  it('the text generator reaches XML specials and non-ASCII text (so escaping is exercised)', () => {
    const texts = sampleOf(operation('SendIntranetMail')).flatMap((c) => [c.values.mailTitle.soap, c.values.Content.soap]);
    for (const ch of ['<', '>', '&', '"', "'", '中', '😀']) expect(texts.some((t) => t.includes(ch)), ch).toBe(true);
    expect(texts.some((t) => t === '')).toBe(true);
  });
});

describe('requestCase: operation-specific rules', () => {
  it('GetOnlineEquipmentList always passes at least one of Account, IPAddress, MACAddress', () => {
    const cases = sampleOf(operation('GetOnlineEquipmentList'));
    for (const c of cases) {
      expect(['Account', 'IPAddress', 'MACAddress'].some((n) => c.values[n].soap !== '' && c.values[n].http !== ''), JSON.stringify(c)).toBe(true);
    }
    // ... and does send some of them empty.
    expect(cases.some((c) => c.values.IPAddress.soap === '')).toBe(true);
  });

  it("GetIPUser's data is a JSON array of {IP, Time} with the spec's time form", () => {
    for (const c of sampleOf(operation('GetIPUser'))) {
      const data = JSON.parse(c.values.data.soap) as unknown;
      expect(c.values.data.http).toBe(c.values.data.soap);
      expect(Array.isArray(data)).toBe(true);
      expect((data as unknown[]).length).toBeGreaterThan(0);
      for (const item of data as Record<string, unknown>[]) {
        expect(Object.keys(item).sort()).toEqual(['IP', 'Time']);
        expect(typeof item.IP).toBe('string');
        expect(item.Time).toMatch(/^\d{4}-[1-9]\d?-[1-9]\d? \d{2}:\d{2}:\d{2}$/);
      }
    }
  });

  it.each(OPERATIONS.filter((o) => o.mutates).map((o) => o.name))('%s (state-changing) only names fixture accounts and UIDs', (name) => {
    const op = operation(name);
    for (const c of sampleOf(op)) {
      for (const p of op.params) {
        const v = c.values[p.name];
        if (p.role === 'account') expect(DEFAULT_FIXTURES.accounts).toContain(v.soap);
        if (p.role === 'uid') expect(DEFAULT_FIXTURES.uids).toContain(v.soap);
        if (p.role === 'account' || p.role === 'uid') expect(v.http).toBe(v.soap);
      }
    }
  });

  it('read-only operations also ask about unknown users', () => {
    const uids = sampleOf(operation('SearchCampusUser')).map((c) => c.values.UID.soap);
    expect(uids.some((u) => !DEFAULT_FIXTURES.uids.includes(u))).toBe(true);
  });

  it.each(['BindTelecomNet', 'TryTelecomNetAAA'])('%s: netUsername/netPassword are a fixture pair', (name) => {
    for (const c of sampleOf(operation(name))) {
      const pair = { username: c.values.netUsername.soap, password: c.values.netPassword.soap };
      expect(DEFAULT_FIXTURES.carrierAccounts).toContainEqual(pair);
    }
  });

  it('ActiveCampusAccount.运营商 is 1, 2 or 3', () => {
    const values = sampleOf(operation('ActiveCampusAccount')).map((c) => Number(c.values['运营商'].soap.trim()));
    expect(new Set(values)).toEqual(new Set([1, 2, 3]));
  });

  it('the same seed gives the same sample; another seed a different one', () => {
    for (const op of OPERATIONS.filter((o) => o.params.length > 0)) {
      const again = fc.sample(requestCase(op, DEFAULT_FIXTURES), { seed: SEED, numRuns: 200 });
      expect(again).toEqual(sampleOf(op));
    }
    const op = operation('SendIntranetMail');
    expect(fc.sample(requestCase(op, DEFAULT_FIXTURES), { seed: SEED + 1, numRuns: 200 })).not.toEqual(sampleOf(op));
  });
});

// ---- authentication -------------------------------------------------------------------------------

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

function base32Decode(s: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of s.replace(/=+$/, '').toUpperCase()) {
    const i = alphabet.indexOf(ch);
    if (i < 0) throw new Error(`not base32: ${ch}`);
    bits += i.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 4226 HOTP / RFC 6238 TOTP, written out here. */
function hotp(key: Buffer, counter: number, digits: number, algo = 'sha1'): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algo, key).update(msg).digest();
  const off = mac[mac.length - 1] & 0xf;
  const bin = ((mac[off] & 0x7f) << 24) | (mac[off + 1] << 16) | (mac[off + 2] << 8) | mac[off + 3];
  return String(bin % 10 ** digits).padStart(digits, '0');
}

describe('authenticatedParams with the default profile and a frozen clock', () => {
  const profile = resolveProfile({});
  const clock = fixedClock(1_700_000_000_000);
  const sample = (name: string) => fc.sample(requestCase(operation(name), DEFAULT_FIXTURES), { seed: 7, numRuns: 1 })[0];
  const asMap = (ps: { name: string; text: string }[]) => new Map(ps.map((p) => [p.name, p.text]));

  it('fills every parameter in SOAP order, SiteID and TimeSpan (unix seconds)', () => {
    const op = operation('UserOffLine');
    const ps = authenticatedParams(op, 'soap11', sample(op.name), profile, clock);
    expect(ps.map((p) => p.name)).toEqual(op.params.map((p) => p.name));
    const m = asMap(ps);
    expect(m.get('SiteID')).toBe(DEFAULT_SITE_ID);
    expect(m.get('TimeSpan')).toBe('1700000000');
  });

  it('SendIntranetMail: SignText = lowercase md5(SiteID + TimeSpan + ToUID + Key) (spec §5.2)', () => {
    const op = operation('SendIntranetMail');
    for (const binding of ['soap11', 'post'] as const) {
      const c = sample(op.name);
      const m = asMap(authenticatedParams(op, binding, c, profile, clock));
      expect(m.get('SignText')).toBe(md5(`${DEFAULT_SITE_ID}1700000000${c.values.ToUID.soap}${DEFAULT_SHARED_KEY}`));
      expect(m.get('SignText')).toMatch(/^[0-9a-f]{32}$/);
      expect(m.get('mailTitle')).toBe(c.values.mailTitle.soap);
    }
  });

  it('BindTest signs with Timespan and fills signText', () => {
    const op = operation('BindTest');
    const c = sample(op.name);
    const m = asMap(authenticatedParams(op, 'soap12', c, profile, clock));
    expect(m.get('Timespan')).toBe('1700000000');
    expect(m.get('signText')).toBe(md5(`${DEFAULT_SITE_ID}1700000000${c.values.UID.soap}${DEFAULT_SHARED_KEY}`));
    expect(m.has('SignText')).toBe(false);
    expect(m.has('TimeSpan')).toBe(false);
    // action is an int: the SOAP lexical form goes over SOAP, the HTTP form over GET.
    expect(m.get('action')).toBe(c.values.action.soap);
    expect(asMap(authenticatedParams(op, 'get', c, profile, clock)).get('action')).toBe(c.values.action.http);
  });

  it('GetUserPackages fills signtext', () => {
    const op = operation('GetUserPackages');
    const c = sample(op.name);
    const m = asMap(authenticatedParams(op, 'get', c, profile, clock));
    expect(m.get('signtext')).toBe(md5(`${DEFAULT_SITE_ID}1700000000${c.values.UID.soap}${DEFAULT_SHARED_KEY}`));
  });

  it('TryTelecomNetAAA signs with netUsername', () => {
    const op = operation('TryTelecomNetAAA');
    const c = sample(op.name);
    const m = asMap(authenticatedParams(op, 'soap11', c, profile, clock));
    expect(m.get('SignText')).toBe(md5(`${DEFAULT_SITE_ID}1700000000${c.values.netUsername.soap}${DEFAULT_SHARED_KEY}`));
  });

  it("GetIPUser's TotpCode is the RFC 6238 code of the default secret at the clock's time", () => {
    const op = operation('GetIPUser');
    const m = asMap(authenticatedParams(op, 'soap11', sample(op.name), profile, clock));
    const expected = hotp(base32Decode(DEFAULT_TOTP_SECRET), Math.floor(1_700_000_000 / 30), 6);
    expect(m.get('TotpCode')).toBe(expected);
    expect(m.get('SiteID')).toBe(DEFAULT_SITE_ID);
    expect(m.has('TimeSpan')).toBe(false);
  });

  it('operations without authentication get no extra values', () => {
    const op = operation('UpdateIPv46Traffic');
    const c = sample(op.name);
    expect(authenticatedParams(op, 'soap11', c, profile, clock)).toEqual(op.params.map((p) => ({ name: p.name, text: c.values[p.name].soap })));
    expect(authenticatedParams(op, 'post', c, profile, clock)).toEqual(op.params.map((p) => ({ name: p.name, text: c.values[p.name].http })));
  });
});

describe('totp', () => {
  const rfc = { secret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', digits: 8 as const, period: 30, algorithm: 'sha1' as const };

  it('the base32 secret is ASCII "12345678901234567890" (test helper check)', () => {
    expect(base32Decode(rfc.secret).toString('ascii')).toBe('12345678901234567890');
  });

  it('matches the RFC 6238 SHA-1 test vectors', () => {
    expect(totpCode(rfc, fixedClock(59_000))).toBe('94287082');
    expect(totpCode(rfc, fixedClock(1_111_111_109_000))).toBe('07081804');
    expect(totpCode(rfc, fixedClock(2_000_000_000_000))).toBe('69279037');
  });

  it('agrees with the independent HOTP for 6 digits over many times, and stepOffset moves one period', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000 }), (t) => {
        const six = { ...rfc, digits: 6 as const };
        expect(totpCode(six, fixedClock(t * 1000))).toBe(hotp(base32Decode(rfc.secret), Math.floor(t / 30), 6));
        expect(totpCode(six, fixedClock(t * 1000), 1)).toBe(hotp(base32Decode(rfc.secret), Math.floor(t / 30) + 1, 6));
      }),
      { numRuns: 50, seed: 1 },
    );
  });

  it('totpValid accepts the previous, current and next step only', () => {
    const six = { ...rfc, digits: 6 as const };
    const clock = fixedClock(1_700_000_000_000);
    const key = base32Decode(rfc.secret);
    const step = Math.floor(1_700_000_000 / 30);
    for (const k of [-1, 0, 1]) expect(totpValid(six, clock, hotp(key, step + k, 6))).toBe(true);
    for (const k of [-3, 3]) expect(totpValid(six, clock, hotp(key, step + k, 6))).toBe(false);
    expect(totpValid(six, clock, '12345')).toBe(false);
  });
});

describe('timeSpan', () => {
  it('formats unix seconds and millis', () => {
    expect(timeSpanNow(fixedClock(1_700_000_000_999), { format: 'unix-seconds', utcOffsetMinutes: 0 })).toBe('1700000000');
    expect(timeSpanNow(fixedClock(1_700_000_000_999), { format: 'unix-millis', utcOffsetMinutes: 0 })).toBe('1700000000999');
  });

  it('formats date patterns in the configured offset', () => {
    // 1700000000 = 2023-11-14T22:13:20Z
    expect(formatDatePattern(1_700_000_000_000, 'yyyyMMddHHmmss', 0)).toBe('20231114221320');
    expect(formatDatePattern(1_700_000_000_000, 'yyyy-MM-dd HH:mm:ss', 480)).toBe('2023-11-15 06:13:20');
    expect(formatDatePattern(Date.UTC(2026, 0, 5, 9, 3, 7), 'yyyy-M-d H:m:s', 0)).toBe('2026-1-5 9:3:7');
  });

  it.each([
    ['yyyyMMddHHmmss', 0],
    ['yyyyMMddHHmmss', 480],
    ['yyyy-MM-dd HH:mm:ss', 0],
    ['yyyy-MM-dd HH:mm:ss', 480],
  ] as const)('%s at offset %i round-trips through parseTimeSpan', (format, utcOffsetMinutes) => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 11, 31) }), (ms) => {
        const text = formatDatePattern(ms, format, utcOffsetMinutes);
        expect(parseTimeSpan(text, { format, utcOffsetMinutes })).toBe(Math.floor(ms / 1000) * 1000);
      }),
      { numRuns: 200, seed: 3 },
    );
  });

  it('parseTimeSpan rejects text not in the format', () => {
    expect(parseTimeSpan('2023-11-14 22:13:20', { format: 'yyyyMMddHHmmss', utcOffsetMinutes: 0 })).toBeUndefined();
    expect(parseTimeSpan('20231114221320', { format: 'yyyy-MM-dd HH:mm:ss', utcOffsetMinutes: 0 })).toBeUndefined();
    expect(parseTimeSpan('17e8', { format: 'unix-seconds', utcOffsetMinutes: 0 })).toBeUndefined();
    expect(parseTimeSpan('1700000000', { format: 'unix-seconds', utcOffsetMinutes: 0 })).toBe(1_700_000_000_000);
  });
});

describe('operationSeed', () => {
  it('is the same for the same inputs and differs per operation and per run seed', () => {
    for (const runSeed of [0, 1, 42, 0x7fffffff, -5]) {
      const seeds = OPERATIONS.map((o) => operationSeed(runSeed, o.name));
      expect(seeds).toEqual(OPERATIONS.map((o) => operationSeed(runSeed, o.name)));
      expect(new Set(seeds).size).toBe(OPERATIONS.length);
      for (const s of seeds) {
        expect(Number.isInteger(s)).toBe(true);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(0x7fffffff);
      }
    }
    expect(operationSeed(1, 'GetUserInfo')).not.toBe(operationSeed(2, 'GetUserInfo'));
  });
});

describe('TimeSpan patterns read strictly', () => {
  it('reject out-of-range fields instead of rolling them over', async () => {
    const { parseTimeSpan } = await import('../generators/timeSpan.ts');
    const f = { format: 'yyyyMMddHHmmss', utcOffsetMinutes: 0 };
    expect(parseTimeSpan('20261322000000', f)).toBeUndefined();
    expect(parseTimeSpan('20260230000000', f)).toBeUndefined();
    expect(parseTimeSpan('20261122246000', f)).toBeUndefined();
    expect(parseTimeSpan('20261122235959', f)).toBe(Date.UTC(2026, 10, 22, 23, 59, 59));
    expect(parseTimeSpan('2026-1-5 3:4:5', { format: 'yyyy-M-d H:m:s', utcOffsetMinutes: 480 })).toBe(Date.UTC(2026, 0, 5, 3, 4, 5) - 480 * 60_000);
  });
});
