// The in-process reference (reference/server.ts): business behaviour from reference/BEHAVIOUR.md
// and the ASMX wire behaviour from notes/asmx-wire-behaviour.md, exercised over real HTTP.
import { Agent, request, type Dispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeRequest, soapEnvelope, type EncodedRequest, type ParamValue } from '../bindings/encode.ts';
import { DEFAULT_PATHS, SOAP11_ENV_NS, type BindingId, type EndpointSettings } from '../contracts/bindings.ts';
import { operation } from '../contracts/operations.ts';
import { resolveProfile } from '../config/profile.ts';
import { systemClock } from '../generators/clock.ts';
import { sign } from '../generators/signature.ts';
import { timeSpanNow } from '../generators/timeSpan.ts';
import { totpCode } from '../generators/totp.ts';
import { elementChildren, parseXml, textContent, attribute, XML_NS, type XmlElement } from '../validators/xml.ts';
import { INVARIANT_LEXICON, XSD_LEXICON } from '../reference/lexical.ts';
import { referenceProfile } from '../reference/profile.ts';
import { startReference, type ReferenceServer } from '../reference/server.ts';
import { escapeAsmxText, httpResultBody, soapFaultBody, soapResultBody } from '../reference/serialize.ts';

const profile = referenceProfile(resolveProfile({}), '');
let server: ReferenceServer;
let settings: EndpointSettings;

beforeAll(async () => {
  server = await startReference({ profile });
  settings = { baseUrl: server.url, paths: DEFAULT_PATHS, securityOfficeNamespace: server.securityOfficeNamespace };
});
afterAll(() => server.close());

// ---- helpers -------------------------------------------------------------------------------

/** Every parameter of `op` in SOAP order: the given values, SiteID/TimeSpan/signature filled in. */
function signedParams(opName: string, given: Record<string, string>, overrides: Record<string, string> = {}): ParamValue[] {
  const op = operation(opName);
  const values = new Map(Object.entries(given));
  for (const p of op.params) {
    if (p.role === 'siteId') values.set(p.name, profile.siteId);
    if (p.role === 'timeSpan') values.set(p.name, timeSpanNow(systemClock, profile.timeSpan));
  }
  if (op.auth.kind === 'signature') values.set(op.auth.param, sign(profile.signatures[opName], values, profile.sharedKey));
  for (const [k, v] of Object.entries(overrides)) values.set(k, v);
  return op.params.map((p) => ({ name: p.name, text: values.get(p.name) ?? '' }));
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

async function send(req: Pick<EncodedRequest, 'method' | 'url' | 'headers' | 'body'>, dispatcher?: Dispatcher): Promise<Answer> {
  const res = await request(req.url, {
    method: req.method,
    headers: req.headers,
    body: req.method === 'GET' ? undefined : Buffer.from(req.body, 'utf8'),
    ...(dispatcher ? { dispatcher } : {}),
  });
  return { status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), text: await res.body.text() };
}

const call = (opName: string, binding: BindingId, params: ParamValue[], dispatcher?: Dispatcher) =>
  send(encodeRequest(operation(opName), binding, params, { settings }), dispatcher);

const child = (el: XmlElement, local: string): XmlElement | undefined => elementChildren(el).find((c) => c.local === local);

function parse(text: string): XmlElement {
  const parsed = parseXml(text);
  if (!parsed.ok) throw new Error(`not XML: ${parsed.error}`);
  return parsed.doc.root;
}

/** The result string of a 200 answer in any binding; null when the result element says so. */
function resultOf(opName: string, answer: Answer): string | null {
  expect(answer.status, answer.text).toBe(200);
  const root = parse(answer.text);
  if (root.local === 'string') return attribute(root, 'http://www.w3.org/2001/XMLSchema-instance', 'nil') === 'true' ? null : textContent(root);
  const response = elementChildren(child(root, 'Body')!)[0];
  const result = child(response, `${opName}Result`);
  return result ? textContent(result) : null;
}

const jsonOf = (opName: string, answer: Answer): { code: number; [k: string]: unknown } => JSON.parse(resultOf(opName, answer)!);

/** faultstring (1.1) or Reason/Text (1.2) of a fault answer. */
function faultText(answer: Answer): string {
  const fault = child(child(parse(answer.text), 'Body')!, 'Fault')!;
  const reason = child(fault, 'faultstring') ?? child(child(fault, 'Reason')!, 'Text')!;
  return textContent(reason);
}

const soap11 = (body: string, headers: Record<string, string> = {}) => ({
  method: 'POST' as const,
  url: `${settings.baseUrl}${DEFAULT_PATHS.net}`,
  headers: { 'content-type': 'text/xml; charset=utf-8', ...headers },
  body: soapEnvelope('soap11', body),
});

const getUrl = (path: string) => ({ method: 'GET' as const, url: `${settings.baseUrl}${path}`, headers: {}, body: '' });

// ---- business behaviour, every binding -------------------------------------------------------

describe('business behaviour', () => {
  it.each(['soap11', 'soap12', 'get', 'post'] as const)('%s: a signed GetUserInfo for student001 answers code 0', async (binding) => {
    const answer = await call('GetUserInfo', binding, signedParams('GetUserInfo', { Account: 'student001' }));
    expect(jsonOf('GetUserInfo', answer)).toEqual({ code: 0, data: { Account: 'student001', UID: '20260001', available: '1', product: '1' } });
  });

  it('ActiveCampusAccount over SOAP 1.1 with the 运营商 element answers ok', async () => {
    const params = signedParams('ActiveCampusAccount', { UID: '20269999', 运营商: '1', Mobile: '13800138000' });
    expect(resultOf('ActiveCampusAccount', await call('ActiveCampusAccount', 'soap11', params))).toBe('ok');
    const search = await call('SearchCampusUser', 'soap11', signedParams('SearchCampusUser', { UID: '20269999' }));
    expect(jsonOf('SearchCampusUser', search)).toEqual({ code: 0, exists: true });
  });

  it('ActiveCampusAccount with 运营商 outside 1..3 answers 1006 naming the parameter', async () => {
    const params = signedParams('ActiveCampusAccount', { UID: '20269998', 运营商: '4', Mobile: '' });
    expect(jsonOf('ActiveCampusAccount', await call('ActiveCampusAccount', 'post', params))).toEqual({ code: 1006, message: 'invalid parameter: 运营商' });
  });

  it('DeleteUser answers ok, then 1007 for the same UID', async () => {
    const first = await call('DeleteUser', 'soap11', signedParams('DeleteUser', { UID: '20260003' }));
    expect(resultOf('DeleteUser', first)).toBe('ok');
    const again = await call('DeleteUser', 'get', signedParams('DeleteUser', { UID: '20260003' }));
    expect(jsonOf('DeleteUser', again)).toEqual({ code: 1007, message: 'user not found' });
  });

  it('a wrong signature answers 1003; a wrong SiteID 1001; a stale TimeSpan 1002', async () => {
    const wrongSig = signedParams('GetUserInfo', { Account: 'student001' }, { SignText: '0'.repeat(32) });
    expect(jsonOf('GetUserInfo', await call('GetUserInfo', 'soap11', wrongSig))).toEqual({ code: 1003, message: 'signature mismatch' });
    const wrongSite = signedParams('GetUserInfo', { Account: 'student001' }, { SiteID: 'other-site' });
    expect(jsonOf('GetUserInfo', await call('GetUserInfo', 'soap12', wrongSite)).code).toBe(1001);
    const stale = signedParams('GetUserInfo', { Account: 'student001' }, { TimeSpan: '1000000000' });
    expect(jsonOf('GetUserInfo', await call('GetUserInfo', 'get', stale)).code).toBe(1002);
  });

  it('the signature is compared ignoring hex case', async () => {
    const params = signedParams('GetUserInfo', { Account: 'student002' });
    const upper = params.map((p) => (p.name === 'SignText' ? { ...p, text: p.text.toUpperCase() } : p));
    expect(jsonOf('GetUserInfo', await call('GetUserInfo', 'soap11', upper)).code).toBe(0);
  });

  it('GetIPUser checks the TOTP code and names the account online from each IP', async () => {
    const data = JSON.stringify([{ IP: '10.20.30.41', Time: '2026-1-5 9:03:07' }, { IP: '192.0.2.1', Time: '2026-12-31 23:59:59' }]);
    const good = [
      { name: 'SiteID', text: profile.siteId },
      { name: 'TotpCode', text: totpCode(profile.totp, systemClock) },
      { name: 'data', text: data },
    ];
    expect(JSON.parse(resultOf('GetIPUser', await call('GetIPUser', 'soap11', good))!)).toEqual([
      { IP: '10.20.30.41', Time: '2026-1-5 9:03:07', Account: 'student002' },
      { IP: '192.0.2.1', Time: '2026-12-31 23:59:59', Account: null },
    ]);
    const badCode = good.map((p) => (p.name === 'TotpCode' ? { ...p, text: '000000' === p.text ? '111111' : '000000' } : p));
    expect(jsonOf('GetIPUser', await call('GetIPUser', 'get', badCode)).code).toBe(1004);
  });

  it('UpdateIPv46Traffic with its non-ASCII parameter names works over SOAP and GET', async () => {
    const names = ['v4下行流量', 'v4上行流量', 'v6下行流量', 'v6上行流量'];
    const soapValues = ['1e3', '.5', 'INF', '0'].map((text, i) => ({ name: names[i], text }));
    expect(jsonOf('UpdateIPv46Traffic', await call('UpdateIPv46Traffic', 'soap11', soapValues))).toEqual({ code: 0, message: 'received' });
    const getValues = ['1,500', 'Infinity', '2.5', '0'].map((text, i) => ({ name: names[i], text }));
    expect(jsonOf('UpdateIPv46Traffic', await call('UpdateIPv46Traffic', 'get', getValues))).toEqual({ code: 0, message: 'received' });
    const negative = ['1', '2', '-3', 'NaN'].map((text, i) => ({ name: names[i], text }));
    expect(jsonOf('UpdateIPv46Traffic', await call('UpdateIPv46Traffic', 'soap12', negative))).toEqual({ code: 1006, message: 'invalid parameter: v6下行流量' });
  });

  it('the caller IP check refuses 127.0.0.2 (1005) and accepts 127.0.0.1', async () => {
    const params = [
      { name: 'UID', text: '20260001' },
      { name: 'ProductID', text: '2' },
    ];
    // undici 7 takes localAddress on the Agent itself: under `connect` it is overridden by the
    // client's own (null) localAddress and the request silently leaves from 127.0.0.1.
    const fromOther = new Agent({ localAddress: '127.0.0.2' });
    try {
      expect(jsonOf('UpdateADUser', await call('UpdateADUser', 'soap11', params, fromOther))).toEqual({ code: 1005, message: 'caller IP not allowed' });
    } finally {
      await fromOther.close();
    }
    expect(jsonOf('UpdateADUser', await call('UpdateADUser', 'soap11', params))).toEqual({ code: 0, message: 'updated' });
  });

  it('the security-office endpoint answers SyncPhotoFromSourceToTarget in its namespace', async () => {
    const answer = await call('SyncPhotoFromSourceToTarget', 'soap11', []);
    expect(answer.text).toContain(`<SyncPhotoFromSourceToTargetResponse xmlns="${server.securityOfficeNamespace}">`);
    expect(jsonOf('SyncPhotoFromSourceToTarget', answer)).toEqual({ code: 0, message: 'synchronised' });
  });

  it('concurrent requests see consistent state: of ten parallel DeleteUser calls exactly one succeeds', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => call('DeleteUser', 'post', signedParams('DeleteUser', { UID: '20260002' }))));
    expect(answers.map((a) => resultOf('DeleteUser', a)).filter((r) => r === 'ok')).toHaveLength(1);
  });

  it('state belongs to one server: a second server starts from the fixtures again', async () => {
    const other = await startReference({ profile });
    try {
      const params = signedParams('DeleteUser', { UID: '20260003' });
      const req = encodeRequest(operation('DeleteUser'), 'soap11', params, { settings: { ...settings, baseUrl: other.url } });
      expect(resultOf('DeleteUser', await send(req))).toBe('ok');
    } finally {
      await other.close();
    }
  });
});

// ---- SOAP platform behaviour ---------------------------------------------------------------

describe('SOAP as ASMX handles it', () => {
  /** A signed GetUserInfo request element, parameters in SOAP order. */
  const getUserInfo = (account: string) => {
    const params = signedParams('GetUserInfo', { Account: account });
    return `<GetUserInfo xmlns="PassPort_Net">${params.map((p) => `<${p.name}>${p.text}</${p.name}>`).join('')}</GetUserInfo>`;
  };

  it('an exact 200 response: declaration, envelope, no indentation, Cache-Control', async () => {
    const { url, ...req } = soap11(getUserInfo('student001'), { soapaction: '"PassPort_Net/GetUserInfo"' });
    const res = await request(url, req);
    const text = await res.body.text();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=0');
    expect(text).toMatch(
      /^<\?xml version="1\.0" encoding="utf-8"\?><soap:Envelope xmlns:soap="http:\/\/schemas\.xmlsoap\.org\/soap\/envelope\/" xmlns:xsi="[^"]+" xmlns:xsd="[^"]+"><soap:Body><GetUserInfoResponse xmlns="PassPort_Net"><GetUserInfoResult>\{"code":0,/,
    );
  });

  it('a wrong SOAPAction is a soap:Client fault, HTTP 500, with <detail />', async () => {
    const answer = await send(soap11(getUserInfo('student001'), { soapaction: '"PassPort_Net/NoSuchOperation"' }));
    expect(answer.status).toBe(500);
    expect(answer.contentType).toBe('text/xml; charset=utf-8');
    expect(faultText(answer)).toMatch(/^Server did not recognize the value of HTTP Header SOAPAction: PassPort_Net\/NoSuchOperation\./);
    expect(answer.text).toContain('<faultcode>soap:Client</faultcode>');
    expect(answer.text).toContain('<detail />');
  });

  it('SOAPAction is matched unquoted and URL-decoded too', async () => {
    const answer = await send(soap11(getUserInfo('student001'), { soapaction: 'PassPort_Net%2FGetUserInfo' }));
    expect(jsonOf('GetUserInfo', answer).code).toBe(0);
  });

  it('without a SOAPAction header the request is routed by its body element', async () => {
    const answer = await send(soap11(getUserInfo('student001')));
    expect(answer.contentType).toBe('text/xml; charset=utf-8');
    expect(jsonOf('GetUserInfo', answer).code).toBe(0);
  });

  it('without a SOAPAction header an unknown body element is a Client fault', async () => {
    const answer = await send(soap11('<Nope xmlns="PassPort_Net" />'));
    expect(answer.status).toBe(500);
    expect(faultText(answer)).toMatch(/^Server did not recognize the value of HTTP Header SOAPAction: \./);
  });

  it('a wrong-case parameter name is ignored: the parameter is missing (null) and the method still runs', async () => {
    // Signed over an empty Account, so authentication passes and the missing Account shows as 1007.
    const params = signedParams('GetUserInfo', {});
    const body = `<GetUserInfo xmlns="PassPort_Net">${params.map((p) => `<${p.name}>${p.text}</${p.name}>`).join('')}<account>student001</account></GetUserInfo>`;
    expect(jsonOf('GetUserInfo', await send(soap11(body)))).toEqual({ code: 1007, message: 'user not found' });
  });

  it('an operation element in another namespace leaves every parameter at its default', async () => {
    const body = getUserInfo('student001').replace('xmlns="PassPort_Net"', 'xmlns="urn:other"');
    expect(jsonOf('GetUserInfo', await send(soap11(body, { soapaction: 'PassPort_Net/GetUserInfo' }))).code).toBe(1001);
  });

  it('an unparsable int is a Client fault "Server was unable to read request."', async () => {
    const answer = await send(soap11('<UpdateADUser xmlns="PassPort_Net"><UID>20260001</UID><ProductID>4.0</ProductID></UpdateADUser>'));
    expect(answer.status).toBe(500);
    expect(faultText(answer)).toMatch(/^Server was unable to read request\. ---> There is an error in XML document \(\d+, \d+\)\. ---> Input string was not in a correct format\./);
  });

  it('SOAP 1.2 faults use soap:Sender and soap:Reason/soap:Text xml:lang="en"', async () => {
    const req = encodeRequest(operation('UpdateADUser'), 'soap12', [{ name: 'ProductID', text: 'abc' }], { settings });
    const answer = await send(req);
    expect(answer.status).toBe(500);
    expect(answer.contentType).toBe('application/soap+xml; charset=utf-8');
    const fault = child(child(parse(answer.text), 'Body')!, 'Fault')!;
    expect(textContent(child(child(fault, 'Code')!, 'Value')!)).toBe('soap:Sender');
    expect(attribute(child(child(fault, 'Reason')!, 'Text')!, XML_NS, 'lang')).toBe('en');
    expect(child(fault, 'Detail')).toBeDefined();
  });

  it('SOAP 1.2 routes by the Content-Type action parameter, ignoring SOAPAction', async () => {
    const req = encodeRequest(operation('GetUserInfo'), 'soap12', signedParams('GetUserInfo', { Account: 'student001' }), { settings });
    const headers = { 'content-type': 'application/soap+xml; charset=utf-8; action="PassPort_Net/GetUserInfo"', soapaction: '"wrong"' };
    expect(jsonOf('GetUserInfo', await send({ ...req, headers })).code).toBe(0);
  });

  it('an envelope of the other SOAP version is a VersionMismatch fault', async () => {
    const req = encodeRequest(operation('GetUserInfo'), 'soap11', [], { settings });
    const answer = await send({ ...req, headers: { 'content-type': 'application/soap+xml; charset=utf-8' } });
    expect(answer.status).toBe(500);
    expect(answer.text).toContain('<soap:Value>soap:VersionMismatch</soap:Value>');
  });

  it('text/xml without a charset is read as ASCII: the name 运营商 becomes ?????????, not well-formed (400)', async () => {
    const params = signedParams('ActiveCampusAccount', { UID: '20269997', 运营商: '2', Mobile: '' });
    const req = encodeRequest(operation('ActiveCampusAccount'), 'soap11', params, { settings, contentType: 'text/xml' });
    expect(await send(req)).toMatchObject({ status: 400, text: '' });
  });

  it('malformed XML is HTTP 400 with an empty body', async () => {
    const answer = await send({ ...soap11(''), body: '<soap:Envelope xmlns:soap="' + SOAP11_ENV_NS + '"><soap:Body>' });
    expect(answer).toMatchObject({ status: 400, text: '' });
  });

  it('a DOCTYPE (entity expansion, external entities) is refused like malformed XML: 400', async () => {
    const lol = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>';
    const answer = await send({ ...soap11(''), body: `${lol}<soap:Envelope xmlns:soap="${SOAP11_ENV_NS}"><soap:Body><GetUserInfo xmlns="PassPort_Net"><Account>&lol2;</Account></GetUserInfo></soap:Body></soap:Envelope>` });
    expect(answer).toMatchObject({ status: 400, text: '' });
  });

  it('an unsupported media type on the endpoint path is HTTP 415 with an empty body', async () => {
    const answer = await send({ ...soap11(getUserInfo('student001')), headers: { 'content-type': 'application/json' } });
    expect(answer).toMatchObject({ status: 415, text: '' });
  });

  it('a body over 4 MiB is refused with 413', async () => {
    const answer = await send({ ...soap11(''), body: 'x'.repeat(4 * 1024 * 1024 + 1) });
    expect(answer.status).toBe(413);
  });
});

// ---- HTTP GET / POST platform behaviour ----------------------------------------------------

describe('HTTP GET and POST as ASMX handles them', () => {
  it('parameter names are case-insensitive', async () => {
    const params = signedParams('GetUserInfo', { Account: 'student001' }).map((p) => ({ ...p, name: p.name.toLowerCase() }));
    const query = params.map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(p.text)}`).join('&');
    expect(jsonOf('GetUserInfo', await send(getUrl(`${DEFAULT_PATHS.net}/GetUserInfo?${query}`))).code).toBe(0);
  });

  it('a missing parameter is HTTP 500 text/plain "Missing parameter: X."', async () => {
    const answer = await send(getUrl(`${DEFAULT_PATHS.net}/GetUserInfo?SiteID=a&TimeSpan=1&Account=b`));
    expect(answer).toEqual({ status: 500, contentType: 'text/plain; charset=utf-8', text: 'Missing parameter: SignText.' });
  });

  it('an unconvertible value is HTTP 500 "Cannot convert X to System.Int32."', async () => {
    const answer = await send(getUrl(`${DEFAULT_PATHS.net}/UpdateADUser?UID=20260001&ProductID=abc`));
    expect(answer).toEqual({ status: 500, contentType: 'text/plain; charset=utf-8', text: 'Cannot convert abc to System.Int32.' });
  });

  it('request validation refuses markup in a query or form value before the operation runs', async () => {
    const get = await send(getUrl(`${DEFAULT_PATHS.net}/GetUserInfo?Account=%3Cscript%3E`));
    expect(get.status).toBe(500);
    expect(get.contentType).toBe('text/plain; charset=utf-8');
    expect(get.text).toBe('A potentially dangerous Request.QueryString value was detected from the client (Account="<script>").');
    const post = await call('GetUserInfo', 'post', signedParams('GetUserInfo', { Account: 'a&#60;b' }));
    expect(post.text).toMatch(/^A potentially dangerous Request\.Form value was detected from the client \(Account="a&#60;b"\)\.$/);
  });

  it('HTTP POST takes form bodies only', async () => {
    const req = encodeRequest(operation('UpdateADUser'), 'post', [], { settings, contentType: 'text/xml; charset=utf-8' });
    expect(await send(req)).toEqual({ status: 500, contentType: 'text/plain; charset=utf-8', text: 'Request format is invalid: text/xml; charset=utf-8.' });
  });

  // Seen on Mono's System.Web.Services: the media type is read only with the parameters, so an
  // operation without parameters answers normally whatever the body's type.
  it('HTTP POST to an operation without parameters ignores the media type, as ASMX does', async () => {
    const req = encodeRequest(operation('SyncPhotoFromSourceToTarget'), 'post', [], { settings, contentType: 'text/plain; charset=utf-8' });
    const answer = await send(req);
    expect(answer.status).toBe(200);
    expect(answer.contentType).toBe('text/xml; charset=utf-8');
  });

  it('an unknown operation path is HTTP 500 "Request format is unrecognized"', async () => {
    const answer = await send(getUrl(`${DEFAULT_PATHS.net}/NoSuchOperation`));
    expect(answer).toEqual({ status: 500, contentType: 'text/plain; charset=utf-8', text: "Request format is unrecognized for URL unexpectedly ending in '/NoSuchOperation'." });
  });

  it('?WSDL (any case) answers the service description', async () => {
    for (const q of ['WSDL', 'wsdl']) {
      const answer = await send(getUrl(`${DEFAULT_PATHS.net}?${q}`));
      expect(answer.status).toBe(200);
      expect(answer.contentType).toBe('text/xml; charset=utf-8');
      expect(answer.text).toContain('<wsdl:definitions');
      expect(answer.text).toContain(`location="${server.url}${DEFAULT_PATHS.net}"`);
    }
    const bwc = await send(getUrl(`${DEFAULT_PATHS.bwc}?wsdl`));
    expect(bwc.text).toContain(`targetNamespace="${server.securityOfficeNamespace}"`);
  });

  it('the endpoint path alone answers a help page; unknown paths 404', async () => {
    const help = await send(getUrl(DEFAULT_PATHS.net));
    expect(help).toMatchObject({ status: 200, contentType: 'text/html; charset=utf-8' });
    expect((await send(getUrl('/API/other.asmx'))).status).toBe(404);
  });
});

// ---- serialisation and lexical forms (unit level) ------------------------------------------

describe('result serialisation', () => {
  const envelopeOf = (inner: string) =>
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP11_ENV_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body>${inner}</soap:Body></soap:Envelope>`;

  it('SOAP: null omits <OpResult>, empty is <OpResult />, text is escaped', () => {
    expect(soapResultBody('1.1', 'PassPort_Net', 'DeleteUser', null)).toBe(envelopeOf('<DeleteUserResponse xmlns="PassPort_Net" />'));
    expect(soapResultBody('1.1', 'PassPort_Net', 'DeleteUser', '')).toBe(envelopeOf('<DeleteUserResponse xmlns="PassPort_Net"><DeleteUserResult /></DeleteUserResponse>'));
    expect(soapResultBody('1.1', 'PassPort_Net', 'DeleteUser', 'a<b&c>"d"')).toBe(
      envelopeOf('<DeleteUserResponse xmlns="PassPort_Net"><DeleteUserResult>a&lt;b&amp;c&gt;"d"</DeleteUserResult></DeleteUserResponse>'),
    );
  });

  it('HTTP: nil for null, empty element for empty, CRLF after the declaration', () => {
    const decl = '<?xml version="1.0" encoding="utf-8"?>\r\n';
    expect(httpResultBody('PassPort_Net', null)).toBe(`${decl}<string xsi:nil="true" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="PassPort_Net" />`);
    expect(httpResultBody('PassPort_Net', '')).toBe(`${decl}<string xmlns="PassPort_Net" />`);
    expect(httpResultBody('PassPort_Net', 'ok')).toBe(`${decl}<string xmlns="PassPort_Net">ok</string>`);
  });

  it('control characters become character references, as XmlTextWriter writes them', () => {
    expect(escapeAsmxText('a\u0001b\tc\u001b')).toBe('a&#x1;b\tc&#x1B;');
  });

  it('SOAP 1.2 faults keep the soap prefix bound to the 1.2 namespace', () => {
    expect(soapFaultBody('1.2', { code: 'Server', text: 'x' })).toContain(
      '<soap:Fault><soap:Code><soap:Value>soap:Receiver</soap:Value></soap:Code><soap:Reason><soap:Text xml:lang="en">x</soap:Text></soap:Reason><soap:Detail /></soap:Fault>',
    );
  });
});

describe('lexical forms', () => {
  const accepts = (f: (t: string) => { ok: boolean }, forms: string[]) => forms.filter((t) => !f(t).ok);
  const rejects = (f: (t: string) => { ok: boolean }, forms: string[]) => forms.filter((t) => f(t).ok);

  it('int (both bindings): sign and surrounding whitespace, nothing else', () => {
    expect(accepts(XSD_LEXICON.int, ['42', '+42', ' 42 ', '-7', '007', '2147483647'])).toEqual([]);
    expect(rejects(XSD_LEXICON.int, ['4.0', '1e3', '', ' ', '2147483648', '0x10'])).toEqual([]);
  });

  it('double in SOAP: XML Schema forms', () => {
    expect(accepts(XSD_LEXICON.double, ['1e3', '.5', 'INF', '-INF', 'NaN', '1.', '-0'])).toEqual([]);
    expect(rejects(XSD_LEXICON.double, ['+INF', '1,5', '', 'inf', '1e400'])).toEqual([]);
  });

  it('double in GET/POST: invariant culture, thousands separators, no INF', () => {
    expect(INVARIANT_LEXICON.double('1,500')).toEqual({ ok: true, value: 1500 });
    expect(INVARIANT_LEXICON.double('1,5')).toEqual({ ok: true, value: 15 });
    expect(accepts(INVARIANT_LEXICON.double, ['Infinity', '-Infinity', 'NaN', ' 2.5 ', '1e3'])).toEqual([]);
    expect(rejects(INVARIANT_LEXICON.double, ['INF', '', ',5'])).toEqual([]);
  });

  it('dateTime in SOAP: XML Schema forms, no space separator', () => {
    expect(accepts(XSD_LEXICON.dateTime, ['2026-11-22T10:00:00', '2026-11-22T10:00:00Z', '2026-11-22T10:00:00.1234567+08:00', '2026-11-22'])).toEqual([]);
    expect(rejects(XSD_LEXICON.dateTime, ['2026-11-22 10:00:00', '2026-02-30', '', '11/22/2026'])).toEqual([]);
    const a = XSD_LEXICON.dateTime('2026-11-22T10:00:00+08:00');
    expect(a.ok && a.value.toISOString()).toBe('2026-11-22T02:00:00.000Z');
  });

  it('dateTime in GET/POST: DateTime.Parse forms', () => {
    expect(accepts(INVARIANT_LEXICON.dateTime, ['2026-11-22 10:00:00', '2026/11/22', '11/22/2026', '11/22/2026 10:00:00', '2026-11-22T10:00:00Z'])).toEqual([]);
    expect(rejects(INVARIANT_LEXICON.dateTime, ['', 'tomorrow', '2026/13/01'])).toEqual([]);
  });
});
