// bindings/encode.ts: every operation over every binding, exactly as spec §4.1 gives it.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { encodeRequest, endpointUrl, formEncode, toCurl, type ParamValue } from '../bindings/encode.ts';
import { BINDING_IDS, DEFAULT_PATHS, defaultSecurityOfficeNamespace, SOAP11_ENV_NS, SOAP12_ENV_NS, type BindingId, type EndpointSettings } from '../contracts/bindings.ts';
import { OPERATIONS, operation, type OperationContract } from '../contracts/operations.ts';
import { elementChildren, parseXml, strayText, textContent, type XmlElement } from '../validators/xml.ts';

const settings: EndpointSettings = { baseUrl: 'http://h:1', paths: DEFAULT_PATHS, securityOfficeNamespace: 'http://h:1/' };

const ENDPOINT_URL = { net: 'http://h:1/API/net.asmx', bwc: 'http://h:1/API/BWC.asmx' } as const;
const OP_NS = { net: 'PassPort_Net', bwc: 'http://h:1/' } as const;

// Values that exercise escaping: XML specials, quotes, CR (which XML would turn into LF unless
// written as a reference), LF, tab, '+', '%', '=' and '&' (form syntax), CJK and an astral emoji.
const tricky = (name: string, i: number): string => `${name}#${i} <&>"' \r\n\t+%=&中😀`;
const paramsFor = (op: OperationContract): ParamValue[] => op.params.map((p, i) => ({ name: p.name, text: tricky(p.name, i) }));

function parseEnvelope(body: string): XmlElement {
  const r = parseXml(body);
  if (!r.ok) throw new Error(`the envelope is not well-formed: ${r.error}\n${body}`);
  return r.doc.root;
}

const cases = OPERATIONS.flatMap((op) => BINDING_IDS.map((b) => [op.name, b] as [string, BindingId]));

describe('encodeRequest: every operation × binding', () => {
  it('covers all 20 operations and 4 bindings', () => {
    expect(OPERATIONS).toHaveLength(20);
    expect(cases).toHaveLength(80);
  });

  it.each(cases)('%s over %s: method, URL and headers per §4.1', (name, binding) => {
    const op = operation(name);
    const req = encodeRequest(op, binding, paramsFor(op), { settings });
    const endpoint = ENDPOINT_URL[op.endpoint];
    switch (binding) {
      case 'soap11':
        expect(req.method).toBe('POST');
        expect(req.url).toBe(endpoint);
        expect(req.headers).toEqual({
          'content-type': 'text/xml; charset=utf-8',
          soapaction: op.endpoint === 'net' ? `"PassPort_Net/${op.name}"` : `"http://h:1/${op.name}"`,
        });
        break;
      case 'soap12':
        expect(req.method).toBe('POST');
        expect(req.url).toBe(endpoint);
        expect(req.headers).toEqual({ 'content-type': 'application/soap+xml; charset=utf-8' });
        break;
      case 'get':
        expect(req.method).toBe('GET');
        expect(req.url.split('?')[0]).toBe(`${endpoint}/${op.name}`);
        expect(req.headers).toEqual({});
        expect(req.body).toBe('');
        break;
      case 'post':
        expect(req.method).toBe('POST');
        expect(req.url).toBe(`${endpoint}/${op.name}`);
        expect(req.headers).toEqual({ 'content-type': 'application/x-www-form-urlencoded' });
        break;
    }
  });

  it.each(cases.filter(([, b]) => b === 'soap11' || b === 'soap12'))(
    '%s over %s: the envelope holds the operation element with the parameters in contract order',
    (name, binding) => {
      const op = operation(name);
      const params = paramsFor(op);
      const req = encodeRequest(op, binding, params, { settings });
      const envNs = binding === 'soap11' ? SOAP11_ENV_NS : SOAP12_ENV_NS;
      const prefix = binding === 'soap11' ? 'soap' : 'soap12';
      const r = parseXml(req.body);
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.doc.declaredEncoding?.toLowerCase()).toBe('utf-8');
      const env = r.doc.root;
      expect([env.ns, env.local, env.qname]).toEqual([envNs, 'Envelope', `${prefix}:Envelope`]);
      expect(strayText(env)).toBeUndefined();
      const envKids = elementChildren(env);
      expect(envKids.map((e) => [e.ns, e.local])).toEqual([[envNs, 'Body']]);
      const bodyKids = elementChildren(envKids[0]);
      expect(bodyKids).toHaveLength(1);
      const opEl = bodyKids[0];
      expect([opEl.ns, opEl.local]).toEqual([OP_NS[op.endpoint], op.name]);
      expect(strayText(opEl)).toBeUndefined();
      const kids = elementChildren(opEl);
      // Exact names (运营商, v4下行流量, signtext, Timespan ...), in contract order, in the operation namespace.
      expect(kids.map((k) => k.local)).toEqual(op.params.map((p) => p.name));
      for (const k of kids) expect(k.ns).toBe(OP_NS[op.endpoint]);
      // Values survive XML escaping unchanged: <&>"', CR, LF, tab, emoji.
      expect(kids.map((k) => textContent(k))).toEqual(params.map((p) => p.text));
      for (const k of kids) expect(elementChildren(k)).toHaveLength(0);
    },
  );

  it.each(cases.filter(([, b]) => b === 'get'))('%s over GET: the query decodes to the parameters in order', (name) => {
    const op = operation(name);
    const params = paramsFor(op);
    const url = new URL(encodeRequest(op, 'get', params, { settings }).url);
    expect(url.pathname).toBe(`${new URL(ENDPOINT_URL[op.endpoint]).pathname}/${op.name}`);
    expect([...url.searchParams]).toEqual(params.map((p) => [p.name, p.text]));
  });

  it.each(cases.filter(([, b]) => b === 'post'))('%s over POST: the form decodes to the parameters in order', (name) => {
    const op = operation(name);
    const params = paramsFor(op);
    const req = encodeRequest(op, 'post', params, { settings });
    // Only unreserved characters and percent-escapes: nothing a form parser could read two ways.
    expect(req.body).toMatch(/^[A-Za-z0-9%\-_.!~*'()=&]*$/);
    expect([...new URLSearchParams(req.body)]).toEqual(params.map((p) => [p.name, p.text]));
  });
});

describe('encodeRequest: details', () => {
  const names = (op: OperationContract, binding: 'soap11' | 'soap12') =>
    elementChildren(elementChildren(elementChildren(parseEnvelope(encodeRequest(op, binding, paramsFor(op), { settings }).body))[0])[0]).map(
      (e) => e.local,
    );

  it('keeps the non-ASCII and odd-case parameter names of §4.1 rules 3 and 4', () => {
    expect(names(operation('ActiveCampusAccount'), 'soap11')).toContain('运营商');
    expect(names(operation('UpdateIPv46Traffic'), 'soap12')).toEqual(['v4下行流量', 'v4上行流量', 'v6下行流量', 'v6上行流量']);
    expect(names(operation('GetUserPackages'), 'soap11')).toEqual(['SiteID', 'TimeSpan', 'UID', 'signtext']);
    expect(names(operation('BindTest'), 'soap11')).toEqual(['SiteID', 'Timespan', 'UID', 'action', 'signText']);
    const q = encodeRequest(operation('ActiveCampusAccount'), 'get', [{ name: '运营商', text: '1' }], { settings }).url;
    expect(q).toContain(`?${encodeURIComponent('运营商')}=1`);
  });

  it('SyncPhotoFromSourceToTarget: empty operation element, no query, empty form', () => {
    const op = operation('SyncPhotoFromSourceToTarget');
    expect(op.params).toHaveLength(0);
    for (const b of ['soap11', 'soap12'] as const) {
      const env = parseEnvelope(encodeRequest(op, b, [], { settings }).body);
      const opEl = elementChildren(elementChildren(env)[0])[0];
      expect([opEl.ns, opEl.local]).toEqual(['http://h:1/', op.name]);
      expect(opEl.children).toEqual([]);
    }
    const get = encodeRequest(op, 'get', [], { settings });
    expect(get.url).toBe('http://h:1/API/BWC.asmx/SyncPhotoFromSourceToTarget');
    const post = encodeRequest(op, 'post', [], { settings });
    expect(post.url).toBe('http://h:1/API/BWC.asmx/SyncPhotoFromSourceToTarget');
    expect(post.body).toBe('');
  });

  it('the security-office SOAPAction has no double slash, with or without a trailing slash in the base URL', () => {
    const op = operation('SyncPhotoFromSourceToTarget');
    for (const baseUrl of ['http://h:1', 'http://h:1/', 'http://h:1//']) {
      const req = encodeRequest(op, 'soap11', [], { settings: { ...settings, baseUrl, securityOfficeNamespace: defaultSecurityOfficeNamespace(baseUrl) } });
      expect(req.headers.soapaction).toBe('"http://h:1/SyncPhotoFromSourceToTarget"');
      expect(req.url).toBe('http://h:1/API/BWC.asmx');
    }
  });

  it('uses the configured security-office namespace for the element and the SOAPAction', () => {
    const op = operation('SyncPhotoFromSourceToTarget');
    const s = { ...settings, securityOfficeNamespace: 'http://tempuri.org/' };
    const req = encodeRequest(op, 'soap11', [], { settings: s });
    expect(req.headers.soapaction).toBe('"http://tempuri.org/SyncPhotoFromSourceToTarget"');
    expect(elementChildren(elementChildren(parseEnvelope(req.body))[0])[0].ns).toBe('http://tempuri.org/');
  });

  it('endpointUrl joins base URL and path with one slash and honours configured paths', () => {
    expect(endpointUrl(operation('GetUserInfo'), { ...settings, baseUrl: 'http://h:1/svc/' })).toBe('http://h:1/svc/API/net.asmx');
    expect(endpointUrl(operation('GetUserInfo'), { ...settings, paths: { net: '/x/n.asmx', bwc: '/x/b.asmx' } })).toBe('http://h:1/x/n.asmx');
  });

  it('empty values are sent as empty elements / empty items, not left out', () => {
    const op = operation('UserOffLine');
    const params = op.params.map((p) => ({ name: p.name, text: p.name === 'IPAddress' ? '' : 'v' }));
    const env = parseEnvelope(encodeRequest(op, 'soap11', params, { settings }).body);
    const kids = elementChildren(elementChildren(elementChildren(env)[0])[0]);
    expect(kids.map((k) => [k.local, textContent(k)])).toEqual(params.map((p) => [p.name, p.text]));
    expect([...new URL(encodeRequest(op, 'get', params, { settings }).url).searchParams]).toEqual(params.map((p) => [p.name, p.text]));
  });

  it('overrides of namespace and content type are honoured (negative cases)', () => {
    const op = operation('GetUserInfo');
    const req = encodeRequest(op, 'soap12', paramsFor(op), { settings, namespace: 'http://tempuri.org/', contentType: 'text/plain' });
    expect(req.headers['content-type']).toBe('text/plain');
    expect(elementChildren(elementChildren(parseEnvelope(req.body))[0])[0].ns).toBe('http://tempuri.org/');
    const s11 = encodeRequest(op, 'soap11', paramsFor(op), { settings, soapAction: 'urn:x/Y' });
    expect(s11.headers.soapaction).toBe('"urn:x/Y"');
  });

  it('formEncode percent-encodes names and values as UTF-8', () => {
    expect(formEncode([{ name: '运营商', text: 'a b+c&d=e' }])).toBe('%E8%BF%90%E8%90%A5%E5%95%86=a%20b%2Bc%26d%3De');
  });
});

describe('toCurl', () => {
  const op = operation('SendIntranetMail');
  const params: ParamValue[] = op.params.map((p) => ({ name: p.name, text: `it's '${p.name}' $HOME \`id\` "q" \\ !` }));

  it('has the curl structure: method, one -H per header, the body, then the URL', () => {
    const req = encodeRequest(op, 'soap11', params, { settings });
    const cmd = toCurl(req);
    expect(cmd.startsWith("curl -sS -i -X POST -H 'content-type: text/xml; charset=utf-8' -H 'soapaction: \"PassPort_Net/SendIntranetMail\"' --data-binary '")).toBe(true);
    expect(cmd.endsWith(` 'http://h:1/API/net.asmx'`)).toBe(true);
    const get = toCurl(encodeRequest(op, 'get', params, { settings }));
    expect(get).not.toContain('--data-binary');
    expect(get).not.toContain(' -H ');
  });

  // The shell sees exactly the intended words: single quotes, $, backticks and backslashes are inert.
  it.each(BINDING_IDS)('a POSIX shell reads the %s command back to the same arguments', (binding) => {
    const req = encodeRequest(op, binding, params, { settings });
    const cmd = toCurl(req);
    expect(cmd.startsWith('curl ')).toBe(true);
    const out = spawnSync('bash', ['-c', `printf '%s\\0' ${cmd.slice('curl '.length)}`], { encoding: 'utf8', env: { PATH: process.env.PATH, HOME: '/nonexistent' } });
    expect(out.status).toBe(0);
    const args = out.stdout.split('\0').slice(0, -1);
    const expected = ['-sS', '-i', '-X', req.method];
    for (const [k, v] of Object.entries(req.headers)) expected.push('-H', `${k}: ${v}`);
    if (req.body) expected.push('--data-binary', req.body);
    expected.push(req.url);
    expect(args).toEqual(expected);
  });
});
