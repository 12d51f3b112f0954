// reports/redact.ts: a secret never reaches a report, in any of the forms it takes on the wire.
import { describe, expect, it } from 'vitest';
import { REDACTED, Redactor } from '../reports/redact.ts';
import { resolveProfile } from '../config/profile.ts';
import { encodeRequest, formEncode, toCurl } from '../bindings/encode.ts';
import { BINDING_IDS, DEFAULT_PATHS } from '../contracts/bindings.ts';
import { operation } from '../contracts/operations.ts';
import { escapeXmlText } from '../validators/xml.ts';

const SECRET = `pa&s<w>rd "q" 'a'+/=中文é`;

// Encoded independently of reports/redact.ts.
const forms: Record<string, string> = {
  raw: SECRET,
  'URL-encoded, %20': encodeURIComponent(SECRET),
  'URL-encoded, +': encodeURIComponent(SECRET).replace(/%20/g, '+'),
  'XML-escaped, all five': SECRET.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;'),
  'JSON-escaped': JSON.stringify(SECRET).slice(1, -1),
};

describe('Redactor', () => {
  const r = new Redactor([SECRET]);

  it('the encoded forms really differ from the raw secret (test premise)', () => {
    expect(new Set(Object.values(forms)).size).toBe(Object.keys(forms).length);
  });

  it.each(Object.entries(forms))('replaces the %s form', (_name, form) => {
    const out = r.text(`before ${form} after`);
    expect(out).toBe(`before ${REDACTED} after`);
    expect(out).not.toContain('pa&s');
    expect(out).not.toContain('rd');
  });

  it('replaces every occurrence, of different forms in one text', () => {
    const text = `a=${forms['URL-encoded, +']}&b=${forms['URL-encoded, %20']} <x>${forms['XML-escaped, all five']}</x> {"k":"${forms['JSON-escaped']}"} ${SECRET}${SECRET}`;
    const out = r.text(text);
    expect(out).toBe(`a=${REDACTED}&b=${REDACTED} <x>${REDACTED}</x> {"k":"${REDACTED}"} ${REDACTED}${REDACTED}`);
  });

  it('replaces the text form (only & < > escaped) of a secret without quotes', () => {
    const noQuotes = 'pa&s<w>rd+/=中文é';
    const out = new Redactor([noQuotes]).text(`<netPassword>${escapeXmlText(noQuotes)}</netPassword>`);
    expect(out).toBe(`<netPassword>${REDACTED}</netPassword>`);
  });

  // Regression test (once a bug, now fixed) — reports/redact.ts, constructor): the only XML form is escaped for attributes (all five
  // characters), but element text — what bindings/encode.ts writes into SOAP requests and what ASMX
  // writes into SOAP results — escapes only & < > and leaves " and ' raw. A secret with a quote and
  // one of & < > is then found in neither form and stays in the report.
  it('replaces the text form (only & < > escaped) of a secret with quotes', () => {
    const out = r.text(`<netPassword>${escapeXmlText(SECRET)}</netPassword>`);
    expect(out).toBe(`<netPassword>${REDACTED}</netPassword>`);
  });

  it('replaces the secret in the URL and form of GET and POST requests', () => {
    const body = formEncode([{ name: 'netPassword', text: SECRET }]);
    expect(r.text(body)).toBe(`netPassword=${REDACTED}`);
    expect(r.text(new URLSearchParams({ netPassword: 'x y' }).toString())).toBe('netPassword=x+y'); // no false positive
  });

  it('leaves text without the secret unchanged', () => {
    const text = 'nothing secret here: pa&amp;s &lt;w&gt; 中文';
    expect(r.text(text)).toBe(text);
  });

  it('a secret that contains another secret is replaced whole', () => {
    const inner = 'key-1234';
    const outer = 'prefix-key-1234-suffix';
    for (const red of [new Redactor([inner, outer]), new Redactor([outer, inner])]) {
      expect(red.text(`x ${outer} y ${inner} z`)).toBe(`x ${REDACTED} y ${REDACTED} z`);
    }
  });

  it('ignores secrets shorter than 4 characters: redacting "ab" would mangle ordinary text and leak its length anyway', () => {
    const red = new Redactor(['ab', '', 'xyz']);
    expect(red.text('about abc xyz')).toBe('about abc xyz');
    // 4 characters is enough.
    expect(new Redactor(['abcd']).text('xabcdx')).toBe(`x${REDACTED}x`);
  });

  it('redacts header values and keeps header names', () => {
    const h = r.headers({ authorization: `Basic ${SECRET}`, 'x-carrier': encodeURIComponent(SECRET), 'content-type': 'text/xml' });
    expect(h).toEqual({ authorization: `Basic ${REDACTED}`, 'x-carrier': REDACTED, 'content-type': 'text/xml' });
  });

  it('forProfile covers the shared key, the TOTP secret and every carrier password', () => {
    const profile = resolveProfile({
      sharedKey: 'shared-key-xyz',
      totp: { secret: 'JBSWY3DPEHPK3PXP' },
      fixtures: { carrierAccounts: [{ username: 'tel-1', password: 'pw one' }, { username: 'tel-2', password: 'pw-two' }] },
    });
    const red = Redactor.forProfile(profile);
    const out = red.text('shared-key-xyz JBSWY3DPEHPK3PXP pw+one pw%20one pw-two tel-1');
    expect(out).toBe(`${REDACTED} ${REDACTED} ${REDACTED} ${REDACTED} ${REDACTED} tel-1`);
  });

  const encodedWith = (binding: (typeof BINDING_IDS)[number], pw: string) => {
    const op = operation('TryTelecomNetAAA');
    return encodeRequest(op, binding, op.params.map((p) => ({ name: p.name, text: p.name === 'netPassword' ? pw : 'v' })), {
      settings: { baseUrl: 'http://h:1', paths: DEFAULT_PATHS, securityOfficeNamespace: 'http://h:1/' },
    });
  };
  const evidence = (red: Redactor, req: ReturnType<typeof encodeRequest>) => [red.text(req.url), red.text(req.body), red.text(toCurl(req))].join('\n');

  it.each(BINDING_IDS)('an encoded %s request carrying a carrier password without quotes keeps it nowhere after redaction', (binding) => {
    const pw = 'carrier&pw<x> 中+/=';
    const all = evidence(new Redactor([pw]), encodedWith(binding, pw));
    expect(all).toContain(REDACTED);
    expect(all).not.toContain('carrier');
  });

  it.each(['get', 'post'] as const)('an encoded %s request carrying a carrier password with a double quote keeps it nowhere', (binding) => {
    const pw = 'carrier&pw<x> "q" 中';
    const all = evidence(new Redactor([pw]), encodedWith(binding, pw));
    expect(all).toContain(REDACTED);
    expect(all).not.toContain('carrier');
  });

  // Regression test (once a bug, now fixed) — reports/redact.ts): same cause as above — the SOAP body carries `carrier&amp;pw&lt;x&gt; "q" 中`,
  // which matches neither the raw nor the all-five-escaped form.
  it.each(['soap11', 'soap12'] as const)('an encoded %s request carrying a carrier password with a double quote keeps it nowhere', (binding) => {
    const pw = 'carrier&pw<x> "q" 中';
    const all = evidence(new Redactor([pw]), encodedWith(binding, pw));
    expect(all).not.toContain('carrier');
  });

  // Regression test (once a bug, now fixed) — specs/harness/execute.ts:270 with bindings/encode.ts toCurl and reports/redact.ts): the
  // evidence redacts the curl command *after* shell quoting, which writes ' as '\'' — a secret with a
  // single quote (raw in SOAP bodies, and encodeURIComponent leaves ' unescaped in GET/POST) is then
  // no longer found and appears in the report.
  it.each(BINDING_IDS)("a carrier password with a single quote does not survive in the %s curl evidence", (binding) => {
    const pw = "carrier'pw";
    const req = encodedWith(binding, pw);
    const red = new Redactor([pw]);
    // The body and URL alone are redacted; only the shell-quoted curl form leaks.
    expect(red.text(req.body + req.url)).not.toContain('carrier');
    // The evidence builds curl from the redacted request (specs/harness/execute.ts).
    expect(toCurl(red.request(req))).not.toContain('carrier');
  });
});
