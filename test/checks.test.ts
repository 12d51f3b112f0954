// Every check against crafted responses: a faithful ASMX response (and legal re-serialisations
// of it) passes; each deviation fails the check that claims it. Exchanges are built by hand so a
// check is tested alone, without a server.
import { describe, expect, it } from 'vitest';
import { operation } from '../contracts/operations.ts';
import { SOAP11_ENV_NS, SOAP12_ENV_NS, type BindingId } from '../contracts/bindings.ts';
import type { Exchange } from '../transport/exchange.ts';
import { ResponseView } from '../validators/view.ts';
import type { CheckContext, ExchangeCheck, Outcome } from '../validators/check.ts';
import { CHECKS } from '../validators/checks/index.ts';
import { checkResponseStatusIs200, checkTargetAnswersInTime } from '../validators/checks/transport.ts';
import { checkResponseContentTypeMatchesBinding } from '../validators/checks/contentType.ts';
import { checkResponseIsWellFormedUtf8Xml, checkSoapResponseIsEnvelopeOfBindingVersion } from '../validators/checks/document.ts';
import {
  checkHttpResponseIsOneStringElement,
  checkResponseElementsUseServiceNamespace,
  checkSoapBodyHoldsOneOperationResponse,
  checkSoapResponseHoldsOneStringResult,
} from '../validators/checks/body.ts';
import { checkGetOnlineEquipmentListResultIsJson, checkResultIsOkOnSuccess, checkUserOffLineResultIsCodeMessageJson } from '../validators/checks/results.ts';
import { checkBindingsAgreeOnResult } from '../validators/checks/crossBinding.ts';
import { checkResponseMatchesXmlSchema } from '../validators/checks/xsd.ts';
import { REQUIREMENT_BY_ID } from '../contracts/requirements.ts';
import { OPERATIONS } from '../contracts/operations.ts';
import { BINDING_IDS } from '../contracts/bindings.ts';

const settings = { baseUrl: 'http://t', paths: { net: '/API/net.asmx', bwc: '/API/BWC.asmx' }, securityOfficeNamespace: 'http://t/' };

const soap = (binding: 'soap11' | 'soap12', op: string, result: string | null, ns = 'PassPort_Net') =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${binding === 'soap11' ? SOAP11_ENV_NS : SOAP12_ENV_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body><${op}Response xmlns="${ns}">${result === null ? '' : `<${op}Result>${result}</${op}Result>`}</${op}Response></soap:Body></soap:Envelope>`;
const str = (result: string, ns = 'PassPort_Net') => `<?xml version="1.0" encoding="utf-8"?>\r\n<string xmlns="${ns}">${result}</string>`;
const CT: Record<BindingId, string> = {
  soap11: 'text/xml; charset=utf-8',
  soap12: 'application/soap+xml; charset=utf-8',
  get: 'text/xml; charset=utf-8',
  post: 'text/xml; charset=utf-8',
};

interface Made {
  status?: number;
  contentType?: string | null;
  body?: string | Buffer;
  error?: Exchange['error'];
  truncated?: boolean;
}

function ctx(opName: string, binding: BindingId, m: Made, extra: Partial<CheckContext> = {}): CheckContext {
  const op = operation(opName);
  const headers: Record<string, string> = {};
  if (m.contentType !== null) headers['content-type'] = m.contentType ?? CT[binding];
  const body = m.body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(m.body) ? m.body : Buffer.from(m.body, 'utf8');
  const exchange: Exchange = {
    id: `${opName}/${binding}/0`,
    operation: opName,
    binding,
    request: { method: 'POST', url: 'http://t/API/net.asmx', headers: {}, body: '' },
    ...(m.error ? { error: m.error } : { response: { status: m.status ?? 200, headers, body, truncated: m.truncated ?? false } }),
    startedAt: 0,
    durationMs: 1,
    origin: { seed: 1, path: '0' },
  };
  const ns = op.endpoint === 'net' ? 'PassPort_Net' : settings.securityOfficeNamespace;
  return { operation: op, binding, settings, exchange, view: new ResponseView(exchange, { operation: opName, namespace: ns, binding }), intent: { expectSuccess: true }, ...extra };
}

const run = (c: ExchangeCheck, x: CheckContext): Outcome => c.run(x);
const verdict = (c: ExchangeCheck, x: CheckContext) => run(c, x).verdict;

describe('the check catalogue', () => {
  it('names every check as a sentence with a verb and cites only known requirements', () => {
    const ids = new Set<string>();
    for (const c of CHECKS) {
      expect(c.id).toMatch(/^check[A-Z]\w+$/);
      expect(ids.has(c.id), `duplicate ${c.id}`).toBe(false);
      ids.add(c.id);
      for (const op of OPERATIONS) for (const b of BINDING_IDS) {
        if (!c.appliesTo(op, b)) continue;
        for (const r of c.requirements(op, b)) expect(REQUIREMENT_BY_ID.has(r), `${c.id} cites unknown ${r}`).toBe(true);
      }
    }
  });
});

describe('transport and status', () => {
  it('fails when the target did not answer, or answered past the size cap', () => {
    expect(verdict(checkTargetAnswersInTime, ctx('GetUserInfo', 'soap11', { error: { code: 'TIMEOUT', message: 'no complete response within 10 ms' } }))).toBe('failed');
    expect(verdict(checkTargetAnswersInTime, ctx('GetUserInfo', 'soap11', { body: 'x', truncated: true }))).toBe('failed');
    expect(verdict(checkTargetAnswersInTime, ctx('GetUserInfo', 'soap11', { body: soap('soap11', 'GetUserInfo', 'x') }))).toBe('passed');
  });
  it('requires HTTP 200 and shows what came instead', () => {
    const o = run(checkResponseStatusIs200, ctx('GetUserInfo', 'get', { status: 500, contentType: 'text/plain; charset=utf-8', body: 'Missing parameter: Account.' }));
    expect(o).toMatchObject({ verdict: 'failed', actual: 'HTTP 500: Missing parameter: Account.' });
    expect(verdict(checkResponseStatusIs200, ctx('GetUserInfo', 'get', { body: str('x') }))).toBe('passed');
  });
});

describe('content type', () => {
  const c = checkResponseContentTypeMatchesBinding;
  it.each([
    ['soap11', 'text/xml; charset=utf-8'],
    ['soap11', 'text/xml;charset=UTF-8'],
    ['soap11', 'TEXT/XML; Charset="utf-8"'],
    ['soap12', 'application/soap+xml; charset=utf-8'],
    ['soap12', 'application/soap+xml; charset=utf-8; action="PassPort_Net/GetUserInfo"'],
    ['get', 'text/xml; charset=utf-8'],
  ] as const)('passes %s with %s', (b, ct) => {
    expect(verdict(c, ctx('GetUserInfo', b, { contentType: ct }))).toBe('passed');
  });
  it.each([
    ['soap11', 'application/soap+xml; charset=utf-8'], // a SOAP 1.1 request answered in 1.2 form
    ['soap12', 'text/xml; charset=utf-8'], // a SOAP 1.2 request answered in 1.1 form
    ['get', 'text/plain; charset=utf-8'],
    ['post', 'text/xml'], // no charset
    ['soap11', 'text/xml; charset=iso-8859-1'],
    ['get', 'application/xml; charset=utf-8'],
  ] as const)('fails %s with %s', (b, ct) => {
    expect(verdict(c, ctx('GetUserInfo', b, { contentType: ct }))).toBe('failed');
  });
  it('fails without a Content-Type header', () => {
    expect(verdict(c, ctx('GetUserInfo', 'get', { contentType: null }))).toBe('failed');
  });
});

describe('document', () => {
  it('accepts any serialisation with the same information', () => {
    const variants = [
      soap('soap11', 'GetUserInfo', 'a&amp;b'),
      `<e:Envelope xmlns:e="${SOAP11_ENV_NS}">\n  <e:Body>\n    <p:GetUserInfoResponse xmlns:p="PassPort_Net">\n      <p:GetUserInfoResult><![CDATA[a&b]]></p:GetUserInfoResult>\n    </p:GetUserInfoResponse>\n  </e:Body>\n</e:Envelope>\n`,
      `<Envelope xmlns="${SOAP11_ENV_NS}"><Header/><Body><GetUserInfoResponse xmlns="PassPort_Net"><GetUserInfoResult>a&#38;b</GetUserInfoResult></GetUserInfoResponse></Body></Envelope>`,
    ];
    for (const body of variants) {
      const x = ctx('GetUserInfo', 'soap11', { body });
      for (const c of [checkResponseIsWellFormedUtf8Xml, checkSoapResponseIsEnvelopeOfBindingVersion, checkSoapBodyHoldsOneOperationResponse, checkSoapResponseHoldsOneStringResult, checkResponseElementsUseServiceNamespace]) {
        expect(verdict(c, x), `${c.id} on ${body.slice(0, 60)}`).toBe('passed');
      }
      expect(x.view.result).toEqual({ ok: true, text: 'a&b' });
    }
  });
  it('fails malformed XML, a DOCTYPE, a non-UTF-8 body and a declared other encoding', () => {
    const c = checkResponseIsWellFormedUtf8Xml;
    expect(verdict(c, ctx('GetUserInfo', 'soap11', { body: '<soap:Envelope>' }))).toBe('failed');
    expect(verdict(c, ctx('GetUserInfo', 'get', { body: '<!DOCTYPE x [<!ENTITY a "b">]><string xmlns="PassPort_Net">&a;</string>' }))).toBe('failed');
    expect(verdict(c, ctx('GetUserInfo', 'get', { body: Buffer.from([0x3c, 0x73, 0x3e, 0xff, 0x3c, 0x2f, 0x73, 0x3e]) }))).toBe('failed');
    expect(verdict(c, ctx('GetUserInfo', 'get', { body: '<?xml version="1.0" encoding="utf-16"?><string xmlns="PassPort_Net">x</string>' }))).toBe('failed');
    // ASMX writes characters below 0x20 as references, which XML 1.0 forbids (notes).
    expect(verdict(c, ctx('GetUserInfo', 'get', { body: str('a&#x1;b') }))).toBe('failed');
    expect(verdict(c, ctx('GetUserInfo', 'get', { body: str('中文 &lt;ok&gt;') }))).toBe('passed');
  });
  it('does not judge an empty error body as XML (the status check does)', () => {
    expect(verdict(checkResponseIsWellFormedUtf8Xml, ctx('GetUserInfo', 'soap11', { status: 400, body: '' }))).toBe('not-applicable');
  });
  it('fails a SOAP 1.2 request answered with a SOAP 1.1 envelope, and the reverse', () => {
    expect(verdict(checkSoapResponseIsEnvelopeOfBindingVersion, ctx('GetUserInfo', 'soap12', { body: soap('soap11', 'GetUserInfo', 'x') }))).toBe('failed');
    expect(verdict(checkSoapResponseIsEnvelopeOfBindingVersion, ctx('GetUserInfo', 'soap11', { body: soap('soap12', 'GetUserInfo', 'x') }))).toBe('failed');
    expect(verdict(checkSoapResponseIsEnvelopeOfBindingVersion, ctx('GetUserInfo', 'soap12', { body: soap('soap12', 'GetUserInfo', 'x') }))).toBe('passed');
  });
  it('fails an envelope without a Body or with two', () => {
    const two = `<soap:Envelope xmlns:soap="${SOAP11_ENV_NS}"><soap:Body/><soap:Body/></soap:Envelope>`;
    const none = `<soap:Envelope xmlns:soap="${SOAP11_ENV_NS}"><soap:Header/></soap:Envelope>`;
    expect(verdict(checkSoapResponseIsEnvelopeOfBindingVersion, ctx('GetUserInfo', 'soap11', { body: two }))).toBe('failed');
    expect(verdict(checkSoapResponseIsEnvelopeOfBindingVersion, ctx('GetUserInfo', 'soap11', { body: none }))).toBe('failed');
  });
});

describe('body and result element', () => {
  it('fails a fault, another operation, and an extra element in the Body', () => {
    const fault = `<soap:Envelope xmlns:soap="${SOAP11_ENV_NS}"><soap:Body><soap:Fault><faultcode>soap:Client</faultcode><faultstring>Server did not recognize the value of HTTP Header SOAPAction</faultstring><detail/></soap:Fault></soap:Body></soap:Envelope>`;
    const o = run(checkSoapBodyHoldsOneOperationResponse, ctx('GetUserInfo', 'soap11', { status: 500, body: fault }));
    expect(o.verdict).toBe('failed');
    expect((o as { actual: string }).actual).toContain('SOAPAction');
    expect(verdict(checkSoapBodyHoldsOneOperationResponse, ctx('GetUserInfo', 'soap11', { body: soap('soap11', 'GetUserPackages', 'x') }))).toBe('failed');
    const extra = soap('soap11', 'GetUserInfo', 'x').replace('</soap:Body>', '<Other xmlns="PassPort_Net"/></soap:Body>');
    expect(verdict(checkSoapBodyHoldsOneOperationResponse, ctx('GetUserInfo', 'soap11', { body: extra }))).toBe('failed');
  });
  it('fails a null result, two results, a nil result and elements inside the result', () => {
    const c = checkSoapResponseHoldsOneStringResult;
    expect(verdict(c, ctx('GetUserInfo', 'soap12', { body: soap('soap12', 'GetUserInfo', null) }))).toBe('failed');
    const two = soap('soap12', 'GetUserInfo', 'a').replace('</GetUserInfoResult>', '</GetUserInfoResult><GetUserInfoResult>b</GetUserInfoResult>');
    expect(verdict(c, ctx('GetUserInfo', 'soap12', { body: two }))).toBe('failed');
    const nil = soap('soap12', 'GetUserInfo', '').replace('<GetUserInfoResult>', '<GetUserInfoResult xsi:nil="true">');
    expect(verdict(c, ctx('GetUserInfo', 'soap12', { body: nil }))).toBe('failed');
    expect(verdict(c, ctx('GetUserInfo', 'soap12', { body: soap('soap12', 'GetUserInfo', '<b>x</b>') }))).toBe('failed');
    // An empty string is a string: ASMX writes <OpResult />.
    expect(verdict(c, ctx('GetUserInfo', 'soap12', { body: soap('soap12', 'GetUserInfo', '') }))).toBe('passed');
  });
  it('reads GET/POST results as one string element', () => {
    const c = checkHttpResponseIsOneStringElement;
    expect(verdict(c, ctx('GetUserInfo', 'post', { body: str('') }))).toBe('passed');
    expect(verdict(c, ctx('GetUserInfo', 'post', { body: `<string xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true" xmlns="PassPort_Net" />` }))).toBe('failed');
    expect(verdict(c, ctx('GetUserInfo', 'get', { body: '<result xmlns="PassPort_Net">x</result>' }))).toBe('failed');
    // A SOAP envelope where the GET binding promises a bare string element.
    expect(verdict(c, ctx('GetUserInfo', 'get', { body: soap('soap11', 'GetUserInfo', 'x') }))).toBe('failed');
  });
  it("fails ASMX's default namespace (http://tempuri.org/) left in place of the service's", () => {
    const c = checkResponseElementsUseServiceNamespace;
    expect(verdict(c, ctx('GetUserInfo', 'soap11', { body: soap('soap11', 'GetUserInfo', 'x', 'http://tempuri.org/') }))).toBe('failed');
    expect(verdict(c, ctx('GetUserInfo', 'get', { body: str('x', 'http://tempuri.org/') }))).toBe('failed');
    // The security-office endpoint's namespace is {base_url}/.
    expect(verdict(c, ctx('SyncPhotoFromSourceToTarget', 'post', { body: str('x', 'http://t/') }))).toBe('passed');
    expect(verdict(c, ctx('SyncPhotoFromSourceToTarget', 'post', { body: str('x', 'PassPort_Net') }))).toBe('failed');
    expect(verdict(c, ctx('SyncPhotoFromSourceToTarget', 'soap11', { body: soap('soap11', 'SyncPhotoFromSourceToTarget', 'x', 'http://t') }))).toBe('failed');
  });
});

describe('documented results', () => {
  it('UserOffLine: a JSON object with numeric code and text message', () => {
    const c = checkUserOffLineResultIsCodeMessageJson;
    expect(verdict(c, ctx('UserOffLine', 'get', { body: str('{"code":0,"message":"offline"}') }))).toBe('passed');
    expect(verdict(c, ctx('UserOffLine', 'get', { body: str('{"code":"0","message":"offline"}') }))).toBe('failed');
    expect(verdict(c, ctx('UserOffLine', 'get', { body: str('{"code":0}') }))).toBe('failed');
    expect(verdict(c, ctx('UserOffLine', 'get', { body: str('ok') }))).toBe('failed');
    expect(verdict(c, ctx('UserOffLine', 'get', { body: str('[0,"offline"]') }))).toBe('failed');
  });
  it('ActiveCampusAccount and DeleteUser: ok, when success is due', () => {
    const c = checkResultIsOkOnSuccess;
    expect(verdict(c, ctx('DeleteUser', 'soap11', { body: soap('soap11', 'DeleteUser', 'ok') }))).toBe('passed');
    expect(verdict(c, ctx('DeleteUser', 'soap11', { body: soap('soap11', 'DeleteUser', 'OK') }))).toBe('failed');
    expect(verdict(c, ctx('ActiveCampusAccount', 'get', { body: str('{"code":0,"message":"ok"}') }))).toBe('failed');
    expect(verdict(c, ctx('ActiveCampusAccount', 'get', { body: str('true') }, { intent: { expectSuccess: false } }))).toBe('not-applicable');
    expect(c.appliesTo(operation('GetUserInfo'), 'get')).toBe(false);
  });
  it('GetOnlineEquipmentList: JSON data', () => {
    const c = checkGetOnlineEquipmentListResultIsJson;
    expect(verdict(c, ctx('GetOnlineEquipmentList', 'post', { body: str('[{"Account":"a"}]') }))).toBe('passed');
    expect(verdict(c, ctx('GetOnlineEquipmentList', 'post', { body: str('Account=a;IP=1.2.3.4') }))).toBe('failed');
  });
});

describe('schema verdicts', () => {
  it('report the batch verdict of the exchange, and a suite error as an error', () => {
    const x = ctx('GetUserInfo', 'soap11', { body: soap('soap11', 'GetUserInfo', 'x') });
    expect(verdict(checkResponseMatchesXmlSchema, { ...x, xsd: { valid: true, messages: [] } })).toBe('passed');
    expect(verdict(checkResponseMatchesXmlSchema, { ...x, xsd: { valid: false, messages: ['Invalid content'] } })).toBe('failed');
    expect(() => checkResponseMatchesXmlSchema.run({ ...x, xsd: { error: 'java not found' } })).toThrow(/java not found/);
  });
});

describe('bindings agree', () => {
  const group = (a: string, b: string) => {
    const base = ctx('GetUserInfo', 'soap11', { body: soap('soap11', 'GetUserInfo', a) });
    const other = ctx('GetUserInfo', 'get', { body: str(b) });
    return checkBindingsAgreeOnResult.run({
      operation: other.operation,
      binding: 'get',
      baseline: { binding: 'soap11', exchange: base.exchange, view: base.view },
      exchange: other.exchange,
      view: other.view,
    });
  };
  it('compares JSON results as JSON and other results as text', () => {
    expect(group('{"a":1,"b":[2]}', '{ "b": [2], "a": 1 }').verdict).toBe('passed');
    expect(group('{"a":1}', '{"a":2}').verdict).toBe('failed');
    expect(group('ok', 'ok').verdict).toBe('passed');
    expect(group('ok', 'ok ').verdict).toBe('failed');
  });
  it('applies only to operations that change nothing', () => {
    expect(checkBindingsAgreeOnResult.appliesTo(operation('GetUserInfo'), 'get')).toBe(true);
    expect(checkBindingsAgreeOnResult.appliesTo(operation('DeleteUser'), 'get')).toBe(false);
  });
});
