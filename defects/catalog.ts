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

/**
 * What a DTD-processing reader makes of a request: the DOCTYPE gone, every internal entity
 * expanded (to a bounded depth: a real parser would have followed them all) and the external one
 * replaced by the first line of the file it names.
 */
function expandEntities(text: string): string {
  const doctype = /<!DOCTYPE[^[]*\[([\s\S]*?)\]>/.exec(text);
  if (!doctype) return text;
  const entities = new Map<string, string>();
  for (const m of doctype[1].matchAll(/<!ENTITY\s+(\w+)\s+(SYSTEM\s+)?"([^"]*)">/g)) entities.set(m[1], m[2] ? 'root:x:0:0:root:/root:/bin/bash' : m[3]);
  let body = text.replace(doctype[0], '');
  for (let depth = 0; depth < 3 && /&(\w+);/.test(body); depth++) body = body.replace(/&(\w+);/g, (all, name: string) => entities.get(name)?.slice(0, 200) ?? all);
  return body.replace(/&(\w+);/g, (all, name: string) => (entities.has(name) ? '' : all));
}

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
  // Authentication not verified
  {
    id: 'D34-MAIL-SIGNATURE-NOT-VERIFIED',
    violates: 'IF-5.2-MAIL-SIGNATURE',
    description: 'SendIntranetMail never verifies SignText: any signature is accepted.',
    expectedChecks: ['checkWrongSignatureIsRefused', 'checkSignatureWithOtherKeyIsRefused', 'checkSignatureOverOtherValuesIsRefused', 'checkSignatureUnderOtherCasingIsIgnored'],
    scope: { operations: ['SendIntranetMail'] },
    deviation: { unverified: ['signature'] },
  },
  {
    id: 'D35-PROFILE-SIGNATURE-NOT-VERIFIED',
    violates: 'IF-5.6-SIGNATURE',
    description: 'The read operations accept any signature (the profile recipe is never checked).',
    expectedChecks: ['checkWrongSignatureIsRefused', 'checkSignatureWithOtherKeyIsRefused', 'checkSignatureOverOtherValuesIsRefused'],
    scope: { operations: ['GetUserInfo', 'GetUserPackages'] },
    deviation: { unverified: ['signature'] },
  },
  {
    id: 'D36-SOAP-NAMES-IGNORE-CASE',
    violates: 'IF-4.1-RULE-3',
    description: 'SOAP parameters are matched ignoring case, so signtext, SignText and SIGNTEXT are all taken.',
    expectedChecks: ['checkSignatureUnderOtherCasingIsIgnored', 'checkParameterUnderOtherCasingIsIgnored'],
    scope: { operations: ['GetUserPackages', 'DeleteUser'], bindings: ['soap11', 'soap12'] },
    deviation: { leniency: { soapNames: 'ignore-case' } },
  },
  {
    id: 'D37-SOAP-PARAMETER-ANY-NAMESPACE',
    violates: 'IF-4.1-RULE-1',
    description: 'SOAP parameters are matched by local name in any namespace.',
    expectedChecks: ['checkParameterInOtherNamespaceIsIgnored'],
    scope: { operations: ['DeleteUser', 'GetUserInfo'], bindings: ['soap12'] },
    deviation: { leniency: { soapNames: 'any-namespace' } },
  },
  {
    id: 'D38-TOTP-NOT-VERIFIED',
    violates: 'IF-5.3-TOTP',
    description: 'GetIPUser checks SiteID but never the TOTP code.',
    expectedChecks: ['checkWrongTotpIsRefused', 'checkStaleTotpIsRefused', 'checkMalformedTotpIsRefused'],
    scope: { operations: ['GetIPUser'] },
    deviation: { unverified: ['totp'] },
  },
  {
    id: 'D39-CALLER-IP-NOT-CHECKED',
    violates: 'IF-5.4-CALLER-IP',
    description: 'UploadNetUserNumber and UpdateADUser accept callers from any address.',
    expectedChecks: ['checkDeniedCallerIsRefused'],
    scope: { operations: ['UploadNetUserNumber', 'UpdateADUser'], bindings: ['soap11', 'post'] },
    config: { ipCheck: { allowedSource: '127.0.0.1', deniedSource: '127.0.0.2' } },
    deviation: { unverified: ['callerIp'] },
  },
  // Parameters taken that must not be
  {
    id: 'D40-MISSING-UID-FALLS-BACK',
    violates: 'IF-4.1-RULE-1',
    description: 'DeleteUser without a UID falls back to a default account and answers ok.',
    expectedChecks: ['checkMissingParameterIsNotSuccess'],
    scope: { operations: ['DeleteUser'] },
    deviation: { result: (op, faithful, args) => (op === 'DeleteUser' && !args.get('UID') ? 'ok' : faithful) },
  },
  {
    id: 'D41-UNPARSABLE-VALUES-DEFAULTED',
    violates: 'IF-4.1-RULE-2',
    description: 'Values that do not parse (an int, a double, a dateTime) silently become 0 or DateTime.MinValue instead of an error.',
    expectedChecks: ['checkWrongTypeIsNotSuccess'],
    scope: { operations: ['UploadNetUserNumber', 'UpdateIPv46Traffic'] },
    deviation: { leniency: { values: 'default-on-error' } },
  },
  {
    id: 'D42-CARRIER-NOT-VALIDATED',
    violates: 'IF-4.2-ActiveCampusAccount-CARRIER',
    description: 'ActiveCampusAccount activates whatever carrier code it is given.',
    expectedChecks: ['checkCarrierOutOfRangeIsNotSuccess'],
    scope: { operations: ['ActiveCampusAccount'] },
    deviation: { result: (op, faithful) => (op === 'ActiveCampusAccount' && faithful?.includes('运营商') ? 'ok' : faithful) },
  },
  // Protocol-level requests accepted that must not be (SHOULD: strict mode makes them fail the run)
  {
    id: 'D43-SOAPACTION-IGNORED',
    violates: 'IF-4.1-SOAP11-ACTION',
    description: 'A front drops the SOAPAction header, so SOAP 1.1 requests are routed by their body whatever SOAPAction says.',
    expectedChecks: ['checkWrongSoapActionIsRefused'],
    scope: { operations: ['GetUserInfo'], bindings: ['soap11'] },
    config: { strict: true },
    deviation: { request: (r) => ({ ...r, headers: Object.fromEntries(Object.entries(r.headers).filter(([k]) => k !== 'soapaction')) }) },
  },
  {
    id: 'D44-MEDIA-TYPE-IGNORED',
    violates: 'IF-4.1-SOAP12-REQUEST',
    description: 'A front relabels unknown media types as SOAP 1.2 and HTTP POST forms, so text/plain bodies are processed.',
    expectedChecks: ['checkWrongContentTypeIsRefused'],
    scope: { operations: ['GetUserInfo'], bindings: ['soap12', 'post'] },
    config: { strict: true },
    deviation: {
      request: (r) =>
        String(r.headers['content-type']).startsWith('text/plain')
          ? { ...r, headers: { ...r.headers, 'content-type': kindOf(r) === 'post' ? 'application/x-www-form-urlencoded' : 'application/soap+xml; charset=utf-8' } }
          : r,
    },
  },
  {
    id: 'D45-SOAP11-ACCEPTED-AS-SOAP12',
    violates: 'IF-4.1-SOAP12-REQUEST',
    description: 'A SOAP 1.1 envelope labelled application/soap+xml is processed as SOAP 1.1 instead of being refused.',
    expectedChecks: ['checkSoap11EnvelopeAsSoap12IsRefused'],
    scope: { operations: ['GetUserInfo'], bindings: ['soap11'] },
    config: { strict: true },
    deviation: {
      request: (r) =>
        String(r.headers['content-type']).startsWith('application/soap+xml') && r.body.includes(SOAP11_NS)
          ? { ...r, headers: { ...r.headers, 'content-type': 'text/xml; charset=utf-8' } }
          : r,
    },
  },
  {
    id: 'D46-MALFORMED-XML-REPAIRED',
    violates: 'IF-4.1-SOAP11-REQUEST',
    description: 'A lenient reader closes an unclosed envelope and processes the request.',
    expectedChecks: ['checkMalformedXmlIsRefused'],
    scope: { operations: ['SearchCampusUser'], bindings: ['soap11'] },
    config: { strict: true },
    deviation: {
      request: (r) => {
        const text = r.body.toString('utf8');
        return /<soap:Envelope/.test(text) && !/<\/soap:Envelope>\s*$/.test(text) ? { ...r, body: Buffer.from(`${text}</soap:Envelope>`, 'utf8') } : r;
      },
    },
  },
  {
    id: 'D47-DTD-PROCESSED',
    violates: 'IF-4.1-SOAP12-REQUEST',
    description: 'The XML reader processes the DOCTYPE: entities are expanded and an external one is read.',
    expectedChecks: ['checkExternalEntityIsNotResolved', 'checkEntityBombIsRefused'],
    scope: { operations: ['GetUserInfo'], bindings: ['soap12'] },
    config: { strict: true },
    deviation: { request: (r) => ({ ...r, body: Buffer.from(expandEntities(r.body.toString('utf8')), 'utf8') }) },
  },
  // State the spec implies
  {
    id: 'D48-SEARCH-ALWAYS-FINDS',
    violates: 'IF-4.2-SearchCampusUser',
    description: 'SearchCampusUser is a stub that always answers that the user exists, deleted or not.',
    expectedChecks: ['checkSearchCampusUserSeesActivationAndDeletion'],
    scope: { operations: ['SearchCampusUser'], bindings: ['soap11', 'get'] },
    deviation: { result: (op, faithful) => (op === 'SearchCampusUser' && faithful?.startsWith('{"code":0') ? '{"code":0,"exists":true}' : faithful) },
  },
  {
    id: 'D49-AVAILABILITY-NOT-REPORTED',
    violates: 'IF-4.2-SetUser_Avaliable',
    description: 'GetUserInfo reports every account as available, whatever SetUser_Avaliable set.',
    expectedChecks: ['checkGetUserInfoReflectsAvailability'],
    scope: { operations: ['GetUserInfo'], bindings: ['soap12', 'post'] },
    deviation: { result: (op, faithful) => (op === 'GetUserInfo' && faithful ? faithful.replace(/"available":"[^"]*"/, '"available":"1"') : faithful) },
  },
  // Content coding
  {
    id: 'D50-GZIP-LABEL-ON-PLAIN-BODY',
    violates: 'IF-7.1-HTTP-200',
    description: 'A front (proxy, filter) labels SOAP 1.2 answers Content-Encoding: gzip without compressing them.',
    expectedChecks: ['checkTargetAnswersInTime'],
    scope: { operations: ['GetUserPackages'], bindings: ['soap12'] },
    deviation: { reply: onReply(['soap12'], (r) => withHeader(r, 'Content-Encoding', 'gzip')) },
  },
];

export const DEFECT_BY_ID: ReadonlyMap<string, Defect> = new Map(DEFECTS.map((d) => [d.id, d]));
