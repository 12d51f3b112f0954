// The defect catalog: the reference with exactly one deviation each, and the checks that must
// notice it. It is the evidence that every check catches what it claims (test/defects.test.ts),
// and defects/TRACEABILITY.md is generated from it. Deviations are the ones vendors make on ASMX
// and one in every part of a response: status, headers, envelope, Body, namespaces, element
// names, result text, encoding, timing.
import type { BindingId } from '../contracts/bindings.ts';
import type { ConfigFile } from '../config/schema.ts';
import type { Deviation, WireReply, WireRequest } from '../reference/deviation.ts';

export interface Defect {
  readonly id: string;
  /** The requirement the deviation violates. */
  readonly violates: string;
  readonly description: string;
  /** Checks that must fail (each in at least one operation and binding of the scope). */
  readonly expectedChecks: readonly string[];
  /** What the catalog run sends: the operations and bindings where the deviation shows. */
  readonly scope: { readonly operations: readonly string[]; readonly bindings?: readonly BindingId[] };
  /** Settings the proof needs (a short timeout for a slow target, strict mode for SHOULD checks). */
  readonly config?: ConfigFile;
  readonly deviation: Deviation;
}

// ---- what a reply rewrite needs to know ------------------------------------------------------

type Kind = BindingId | 'wsdl' | 'other';

/** Which binding a request came in by, as the host routes it. */
export function kindOf(req: WireRequest): Kind {
  const path = req.url.split('?')[0];
  const afterAsmx = /\.asmx(\/.*)?$/i.exec(path)?.[1];
  if (req.method === 'GET') return afterAsmx ? 'get' : /[?&]wsdl\b/i.test(req.url) ? 'wsdl' : 'other';
  if (afterAsmx) return 'post';
  const ct = String(req.headers['content-type'] ?? '').toLowerCase();
  return ct.startsWith('application/soap+xml') ? 'soap12' : ct.startsWith('text/xml') ? 'soap11' : 'other';
}

/** Rewrites successful replies to requests of the given kinds; others pass unchanged. */
const onReply =
  (kinds: readonly Kind[], fn: (r: WireReply, req: WireRequest) => WireReply) =>
  (r: WireReply, req: WireRequest): WireReply =>
    kinds.includes(kindOf(req)) && r.status === 200 ? fn(r, req) : r;

/** Rewrites the body text of matching replies. */
const onText = (kinds: readonly Kind[], fn: (text: string) => string) => onReply(kinds, (r) => ({ ...r, body: Buffer.from(fn(r.body.toString('utf8')), 'utf8') }));

const withHeader = (r: WireReply, name: string, value: string): WireReply => ({ ...r, headers: { ...r.headers, [name]: value } });

const SOAP11_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP12_NS = 'http://www.w3.org/2003/05/soap-envelope';

// ---- the catalog -----------------------------------------------------------------------------

export const DEFECTS: readonly Defect[] = [
  // Status
  {
    id: 'D01-SOAP11-STATUS-500',
    violates: 'IF-4.1-SOAP11-STATUS',
    description: 'SOAP 1.1 answers carry HTTP 500 although the body is a normal response.',
    expectedChecks: ['checkResponseStatusIs200'],
    scope: { operations: ['GetUserInfo'], bindings: ['soap11'] },
    deviation: { reply: onReply(['soap11'], (r) => ({ ...r, status: 500 })) },
  },
  {
    id: 'D02-POST-STATUS-202',
    violates: 'IF-4.1-POST-STATUS',
    description: 'HTTP POST answers 202 Accepted instead of 200.',
    expectedChecks: ['checkResponseStatusIs200'],
    scope: { operations: ['SearchCampusUser'], bindings: ['post'] },
    deviation: { reply: onReply(['post'], (r) => ({ ...r, status: 202 })) },
  },
  {
    id: 'D03-GET-POST-DISABLED',
    violates: 'IF-4.1-GET-REQUEST',
    description: "HTTP GET and POST left disabled, as .NET's machine.config does by default: 500 \"Request format is unrecognized\".",
    expectedChecks: ['checkResponseStatusIs200', 'checkResponseContentTypeMatchesBinding'],
    scope: { operations: ['GetUserInfo', 'DeleteUser'], bindings: ['get', 'post'] },
    deviation: { disabledProtocols: ['get', 'post'] },
  },
  // Timing
  {
    id: 'D04-SLOW-ANSWER',
    violates: 'IF-7.1-HTTP-200',
    description: 'Every answer takes longer than the configured timeout.',
    expectedChecks: ['checkTargetAnswersInTime'],
    scope: { operations: ['GetUserPackages'], bindings: ['soap12'] },
    config: { timeoutMs: 250, runs: 2 },
    deviation: { reply: async (r, req) => (kindOf(req) === 'soap12' ? new Promise((ok) => setTimeout(() => ok(r), 600)) : r) },
  },
  // Headers
  {
    id: 'D05-GET-CONTENT-TYPE-HTML',
    violates: 'IF-4.1-GET-CONTENT-TYPE',
    description: 'HTTP GET answers are labelled text/html.',
    expectedChecks: ['checkResponseContentTypeMatchesBinding'],
    scope: { operations: ['GetUserOnlineInfo'], bindings: ['get'] },
    deviation: { reply: onReply(['get'], (r) => withHeader(r, 'Content-Type', 'text/html; charset=utf-8')) },
  },
  {
    id: 'D06-SOAP12-NO-CHARSET',
    violates: 'IF-4.1-SOAP12-CONTENT-TYPE',
    description: 'SOAP 1.2 answers omit the charset parameter.',
    expectedChecks: ['checkResponseContentTypeMatchesBinding'],
    scope: { operations: ['TryTelecomNetAAA'], bindings: ['soap12'] },
    deviation: { reply: onReply(['soap12'], (r) => withHeader(r, 'Content-Type', 'application/soap+xml')) },
  },
  {
    id: 'D07-SOAP12-ANSWERED-AS-SOAP11',
    violates: 'IF-4.1-SOAP12-ENVELOPE',
    description: 'A SOAP 1.2 request is answered in SOAP 1.1 form: text/xml and the 1.1 envelope namespace.',
    expectedChecks: ['checkResponseContentTypeMatchesBinding', 'checkSoapResponseIsEnvelopeOfBindingVersion'],
    scope: { operations: ['GetUserInfo'], bindings: ['soap12'] },
    deviation: {
      reply: onReply(['soap12'], (r) => ({
        ...withHeader(r, 'Content-Type', 'text/xml; charset=utf-8'),
        body: Buffer.from(r.body.toString('utf8').replace(SOAP12_NS, SOAP11_NS), 'utf8'),
      })),
    },
  },
  {
    id: 'D08-LATIN1-BODY',
    violates: 'IF-4.1-SOAP11-CONTENT-TYPE',
    description: 'SOAP 1.1 answers are written in ISO-8859-1 and labelled so (non-ASCII results lose their meaning).',
    expectedChecks: ['checkResponseContentTypeMatchesBinding', 'checkResponseIsWellFormedUtf8Xml'],
    scope: { operations: ['SendIntranetMail'], bindings: ['soap11'] },
    deviation: {
      result: (op, faithful) => (op === 'SendIntranetMail' && faithful ? `${faithful} 已发送` : faithful),
      reply: onReply(['soap11'], (r) => ({
        ...withHeader(r, 'Content-Type', 'text/xml; charset=iso-8859-1'),
        body: Buffer.from(r.body.toString('utf8').replace('encoding="utf-8"', 'encoding="iso-8859-1"'), 'latin1'),
      })),
    },
  },
  // Encoding and well-formedness
  {
    id: 'D09-DECLARED-UTF16',
    violates: 'IF-4.1-GET-CONTENT-TYPE',
    description: 'HTTP GET answers are UTF-8 bytes whose XML declaration says utf-16.',
    expectedChecks: ['checkResponseIsWellFormedUtf8Xml'],
    scope: { operations: ['GetUserPackages'], bindings: ['get'] },
    deviation: { reply: onText(['get'], (t) => t.replace('encoding="utf-8"', 'encoding="utf-16"')) },
  },
  {
    id: 'D10-CONTROL-CHARACTER-IN-RESULT',
    violates: 'IF-4.1-GET-STRING',
    description: 'The result holds a control character, which ASMX writes as &#x1; - not well-formed XML 1.0.',
    expectedChecks: ['checkResponseIsWellFormedUtf8Xml'],
    scope: { operations: ['SearchCampusUser'], bindings: ['soap11', 'get'] },
    deviation: { result: (op, faithful) => (faithful === null ? faithful : `${faithful}\u0001`) },
  },
  {
    id: 'D11-TRUNCATED-ENVELOPE',
    violates: 'IF-4.1-SOAP11-ENVELOPE',
    description: 'SOAP 1.1 answers end before the envelope is closed.',
    expectedChecks: ['checkResponseIsWellFormedUtf8Xml'],
    scope: { operations: ['GetUserInfo'], bindings: ['soap11'] },
    deviation: { reply: onText(['soap11'], (t) => t.replace('</soap:Envelope>', '')) },
  },
  // Envelope
  {
    id: 'D12-ENVELOPE-NAMESPACE-WRONG',
    violates: 'IF-4.1-SOAP11-ENVELOPE',
    description: 'The SOAP 1.1 envelope is in a made-up namespace.',
    expectedChecks: ['checkSoapResponseIsEnvelopeOfBindingVersion', 'checkResponseMatchesXmlSchema'],
    scope: { operations: ['GetUserInfo'], bindings: ['soap11'] },
    deviation: { reply: onText(['soap11'], (t) => t.replace(SOAP11_NS, 'http://schemas.example.org/soap/envelope/')) },
  },
  {
    id: 'D13-BODY-MISSING',
    violates: 'IF-4.1-SOAP12-ENVELOPE',
    description: 'The SOAP 1.2 envelope holds the response directly, without a Body.',
    expectedChecks: ['checkSoapResponseIsEnvelopeOfBindingVersion', 'checkResponseMatchesXmlSchema'],
    scope: { operations: ['GetUserOnlineInfo'], bindings: ['soap12'] },
    deviation: { reply: onText(['soap12'], (t) => t.replace('<soap:Body>', '').replace('</soap:Body>', '')) },
  },
  // Body and element names
  {
    id: 'D14-RESPONSE-ELEMENT-RENAMED',
    violates: 'IF-4.1-SOAP11-BODY',
    description: 'The response element is renamed (ResponseElementName set to <Op>Reply).',
    expectedChecks: ['checkSoapBodyHoldsOneOperationResponse', 'checkResponseMatchesXmlSchema'],
    scope: { operations: ['SearchCampusUser'], bindings: ['soap11'] },
    deviation: { reply: onText(['soap11'], (t) => t.replaceAll('SearchCampusUserResponse', 'SearchCampusUserReply')) },
  },
  {
    id: 'D15-EXTRA-BODY-ELEMENT',
    violates: 'IF-4.1-SOAP12-BODY',
    description: 'The SOAP 1.2 Body holds a second element after the response.',
    expectedChecks: ['checkSoapBodyHoldsOneOperationResponse'],
    scope: { operations: ['GetUserInfo'], bindings: ['soap12'] },
    deviation: { reply: onText(['soap12'], (t) => t.replace('</soap:Body>', '<Trace xmlns="PassPort_Net">debug</Trace></soap:Body>')) },
  },
  {
    id: 'D16-NULL-RESULT',
    violates: 'IF-4.1-RESULT-STRING',
    description: 'The operation returns null: ASMX then omits <Op>Result in SOAP and writes xsi:nil in GET/POST.',
    expectedChecks: ['checkSoapResponseHoldsOneStringResult', 'checkHttpResponseIsOneStringElement'],
    scope: { operations: ['GetUserPackages'] },
    deviation: { result: (op, faithful) => (op === 'GetUserPackages' ? null : faithful) },
  },
  {
    id: 'D17-RESULT-AS-XML-ELEMENTS',
    violates: 'IF-4.1-SOAP12-BODY',
    description: 'The result is returned as XML elements (an XmlNode) instead of a string.',
    expectedChecks: ['checkSoapResponseHoldsOneStringResult', 'checkResponseMatchesXmlSchema'],
    scope: { operations: ['GetUserInfo'], bindings: ['soap12'] },
    deviation: { reply: onText(['soap12'], (t) => t.replace(/<GetUserInfoResult>([\s\S]*?)<\/GetUserInfoResult>/, '<GetUserInfoResult><data>$1</data></GetUserInfoResult>')) },
  },
  {
    id: 'D18-FAULT-FOR-VALID-REQUEST',
    violates: 'IF-4.1-SOAP11-BODY',
    description: 'A valid SOAP 1.1 request is answered with a soap:Server fault.',
    expectedChecks: ['checkResponseStatusIs200', 'checkSoapBodyHoldsOneOperationResponse'],
    scope: { operations: ['SearchCampusUser'], bindings: ['soap11'] },
    deviation: {
      reply: onReply(['soap11'], (r) => ({
        ...r,
        status: 500,
        body: Buffer.from(
          `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP11_NS}"><soap:Body><soap:Fault><faultcode>soap:Server</faultcode><faultstring>Server was unable to process request. ---&gt; Object reference not set to an instance of an object.</faultstring><detail /></soap:Fault></soap:Body></soap:Envelope>`,
          'utf8',
        ),
      })),
    },
  },
  {
    id: 'D19-GET-ANSWERS-JSON',
    violates: 'IF-4.1-GET-STRING',
    description: 'HTTP GET answers the raw result as application/json (a ScriptService habit), not a <string> element.',
    expectedChecks: ['checkResponseContentTypeMatchesBinding', 'checkResponseIsWellFormedUtf8Xml'],
    scope: { operations: ['GetUserInfo'], bindings: ['get'] },
    deviation: {
      reply: onReply(['get'], (r) => {
        const text = /<string[^>]*>([\s\S]*)<\/string>/.exec(r.body.toString('utf8'))?.[1] ?? '';
        return { ...withHeader(r, 'Content-Type', 'application/json; charset=utf-8'), body: Buffer.from(JSON.stringify({ d: text }), 'utf8') };
      }),
    },
  },
  {
    id: 'D20-POST-RESULT-ELEMENT-RENAMED',
    violates: 'IF-4.1-POST-STRING',
    description: 'HTTP POST answers <result> instead of <string>.',
    expectedChecks: ['checkHttpResponseIsOneStringElement', 'checkResponseMatchesXmlSchema'],
    scope: { operations: ['GetUserOnlineInfo'], bindings: ['post'] },
    deviation: { reply: onText(['post'], (t) => t.replace('<string ', '<result ').replace('</string>', '</result>')) },
  },
  // Namespaces
  {
    id: 'D21-TEMPURI-NAMESPACE',
    violates: 'IF-4.1-NS-NET',
    description: 'The WebService namespace was forgotten, so ASMX uses http://tempuri.org/: SOAP requests in PassPort_Net are not recognised and GET/POST results are in the wrong namespace.',
    expectedChecks: ['checkResponseStatusIs200', 'checkResponseElementsUseServiceNamespace', 'checkPublishedWsdlMatchesContracts'],
    scope: { operations: ['GetUserInfo'] },
    config: { strict: true },
    deviation: { netNamespace: 'http://tempuri.org/' },
  },
  {
    id: 'D22-UNQUALIFIED-RESULT',
    violates: 'IF-4.1-SOAP11-BODY',
    description: '<Op>Result is written unqualified (xmlns=""), as [XmlElement(Form = Unqualified)] does.',
    expectedChecks: ['checkResponseElementsUseServiceNamespace', 'checkResponseMatchesXmlSchema'],
    scope: { operations: ['GetUserPackages'], bindings: ['soap11'] },
    deviation: { reply: onText(['soap11'], (t) => t.replace('<GetUserPackagesResult>', '<GetUserPackagesResult xmlns="">')) },
  },
  {
    id: 'D23-BWC-NAMESPACE-WITHOUT-SLASH',
    violates: 'IF-4.1-NS-BWC',
    description: 'The security-office endpoint answers in `{base_url}` without the trailing slash.',
    expectedChecks: ['checkResponseElementsUseServiceNamespace'],
    scope: { operations: ['SyncPhotoFromSourceToTarget'], bindings: ['get', 'soap12'] },
    deviation: { reply: onText(['get', 'soap12'], (t) => t.replace(/xmlns="(http:\/\/127\.0\.0\.1:\d+)\/"/, 'xmlns="$1"')) },
  },
  // Documented results
  {
    id: 'D24-USEROFFLINE-CODE-AS-TEXT',
    violates: 'IF-4.2-UserOffLine-RESULT',
    description: 'UserOffLine writes the code as a string: {"code":"0",...}.',
    expectedChecks: ['checkUserOffLineResultIsCodeMessageJson'],
    scope: { operations: ['UserOffLine'] },
    deviation: { result: (op, faithful) => (op === 'UserOffLine' && faithful ? faithful.replace(/"code":(-?\d+)/, '"code":"$1"') : faithful) },
  },
  {
    id: 'D25-USEROFFLINE-PLAIN-TEXT',
    violates: 'IF-7.2-USEROFFLINE',
    description: 'UserOffLine returns plain text ("offline") instead of a JSON object.',
    expectedChecks: ['checkUserOffLineResultIsCodeMessageJson'],
    scope: { operations: ['UserOffLine'], bindings: ['post'] },
    deviation: { result: (op, faithful) => (op === 'UserOffLine' ? 'offline' : faithful) },
  },
  {
    id: 'D26-ACTIVATE-RETURNS-JSON',
    violates: 'IF-4.2-ActiveCampusAccount-RESULT',
    description: 'ActiveCampusAccount returns {"code":0,"message":"ok"} instead of the text ok.',
    expectedChecks: ['checkResultIsOkOnSuccess'],
    scope: { operations: ['ActiveCampusAccount'] },
    deviation: { result: (op, faithful) => (op === 'ActiveCampusAccount' && faithful === 'ok' ? '{"code":0,"message":"ok"}' : faithful) },
  },
  {
    id: 'D27-DELETE-RETURNS-UPPER-OK',
    violates: 'IF-7.3-OK',
    description: 'DeleteUser returns "OK".',
    expectedChecks: ['checkResultIsOkOnSuccess'],
    scope: { operations: ['DeleteUser'], bindings: ['soap11', 'get'] },
    deviation: { result: (op, faithful) => (op === 'DeleteUser' && faithful === 'ok' ? 'OK' : faithful) },
  },
  {
    id: 'D28-EQUIPMENT-LIST-NOT-JSON',
    violates: 'IF-4.2-GetOnlineEquipmentList-RESULT',
    description: 'GetOnlineEquipmentList returns key=value text instead of JSON.',
    expectedChecks: ['checkGetOnlineEquipmentListResultIsJson'],
    scope: { operations: ['GetOnlineEquipmentList'], bindings: ['soap12', 'post'] },
    deviation: { result: (op, faithful) => (op === 'GetOnlineEquipmentList' ? 'Account=student001;IPAddress=10.20.30.40' : faithful) },
  },
  // Parameter names
  {
    id: 'D29-CARRIER-ASCII-NAME',
    violates: 'IF-4.1-RULE-4',
    description: 'ActiveCampusAccount names its carrier parameter Carrier instead of 运营商, so the sent value is ignored (0).',
    expectedChecks: ['checkResultIsOkOnSuccess'],
    scope: { operations: ['ActiveCampusAccount'], bindings: ['soap11', 'soap12'] },
    deviation: { renamedParams: { ActiveCampusAccount: { 运营商: 'Carrier' } } },
  },
  {
    id: 'D30-UID-LOWERCASE',
    violates: 'IF-4.1-RULE-3',
    description: 'DeleteUser names its parameter uid instead of UID: in SOAP the sent UID is ignored and the signature no longer matches.',
    expectedChecks: ['checkResultIsOkOnSuccess'],
    scope: { operations: ['DeleteUser'], bindings: ['soap11'] },
    deviation: { renamedParams: { DeleteUser: { UID: 'uid' } } },
  },
  // Bindings disagree
  {
    id: 'D31-GET-RESULT-DIFFERS',
    violates: 'IF-9.1-IDENTICAL',
    description: 'HTTP GET answers GetUserInfo with an extra field the other bindings do not have.',
    expectedChecks: ['checkBindingsAgreeOnResult'],
    scope: { operations: ['GetUserInfo'] },
    deviation: { reply: onText(['get'], (t) => t.replace('"code":0', '"code":0,"via":"get"')) },
  },
  // The published description
  {
    id: 'D32-WSDL-PARAMETER-CASING',
    violates: 'IF-4.1-RULE-3',
    description: "The WSDL publishes GetUserPackages' signtext as SignText.",
    expectedChecks: ['checkPublishedWsdlMatchesContracts'],
    scope: { operations: ['GetUserPackages'], bindings: ['soap11'] },
    config: { strict: true },
    deviation: { reply: onText(['wsdl'], (t) => t.replaceAll('name="signtext"', 'name="SignText"')) },
  },
  {
    id: 'D33-WSDL-SWITCHED-OFF',
    violates: 'IF-4.1-RULE-1',
    description: 'The documentation protocol is removed: ?WSDL answers HTTP 500.',
    expectedChecks: ['checkPublishedWsdlMatchesContracts'],
    scope: { operations: ['SearchCampusUser'], bindings: ['get'] },
    config: { strict: true },
    deviation: { reply: (r, req) => (kindOf(req) === 'wsdl' ? { status: 500, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: Buffer.from('Request format is unrecognized.') } : r) },
  },
];

export const DEFECT_BY_ID: ReadonlyMap<string, Defect> = new Map(DEFECTS.map((d) => [d.id, d]));
