// SOAP 1.1 and 1.2 on an endpoint path, as System.Web.Services' SoapServerProtocol handles them
// (notes/asmx-wire-behaviour.md, "SOAP 1.1", "SOAP 1.2"): media type → version, XML parsing,
// envelope version check, routing, XmlSerializer parameter binding, result or fault.
import { soapActionOf } from '../contracts/bindings.ts';
import type { OperationContract, SoapType } from '../contracts/operations.ts';
import { elementChildren, parseXml, textContent, type XmlElement } from '../validators/xml.ts';
import { XSD_LEXICON, convert, type Converted } from './lexical.ts';
import { decodeXmlBody, parseMediaType, type MediaType } from './mediaType.ts';
import { ENVELOPE_NS, soapFaultReply, soapResultReply, type SoapFault, type SoapVersion } from './serialize.ts';
import { defaultArg, describeException, emptyReply, type ArgValue, type Args, type CallContext, type HostedEndpoint, type Leniency, type Reply, type WebMethodInvoker } from './webMethod.ts';

export interface SoapRequest {
  readonly endpoint: HostedEndpoint;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: Buffer;
  readonly ctx: CallContext;
  readonly invoke: WebMethodInvoker;
}

/** The media types SoapServerProtocolFactory accepts; anything else is HTTP 415 with no body. */
const VERSION_OF_MEDIA_TYPE: ReadonlyMap<string, SoapVersion> = new Map([
  ['text/xml', '1.1'],
  ['application/soap+xml', '1.2'],
]);

/** A fault the platform raises, carried to the one place that writes it. */
class PlatformFault extends Error {
  constructor(readonly fault: SoapFault) {
    super(fault.text);
  }
}

const clientFault = (text: string): PlatformFault => new PlatformFault({ code: 'Client', text });

export function handleSoap(req: SoapRequest): Reply {
  const mediaType = parseMediaType(header(req.headers, 'content-type'));
  const version = VERSION_OF_MEDIA_TYPE.get(mediaType.type);
  if (!version) return emptyReply(415);
  const text = decodeXmlBody(req.body, mediaType);
  // Malformed XML, DOCTYPE included (parseXml never reads DTDs or expands entities): 400, empty.
  const parsed = parseXml(text);
  if (!parsed.ok) return emptyReply(400);
  try {
    const request = requestElement(parsed.doc.root, version);
    const op = route(req, version, mediaType, request);
    const args = bindArguments(op, request, req.endpoint.namespace, text, req.endpoint.leniency);
    return soapResultReply(version, req.endpoint.namespace, op.name, invokeMethod(req, op, args));
  } catch (e) {
    if (e instanceof PlatformFault) return soapFaultReply(version, e.fault);
    throw e;
  }
}

function header(headers: SoapRequest['headers'], name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

/** The first element child of soap:Body (undefined when the Body is empty). */
function requestElement(envelope: XmlElement, version: SoapVersion): XmlElement | undefined {
  const ns = ENVELOPE_NS[version];
  // The envelope namespace must be the content type's version (notes: VersionMismatch).
  if (envelope.ns !== ns) {
    throw new PlatformFault({
      code: 'VersionMismatch',
      text: `Possible SOAP version mismatch: Envelope namespace ${envelope.ns ?? ''} was unexpected. Expecting ${ns}.`,
    });
  }
  if (envelope.local !== 'Envelope') throw clientFault(`Server was unable to read request. ---> Expected element Envelope in namespace ${ns}, found ${envelope.local}.`);
  const body = elementChildren(envelope).find((c) => c.ns === ns && c.local === 'Body');
  if (!body) throw clientFault(`Server was unable to read request. ---> Element Body in namespace ${ns} is missing.`);
  return elementChildren(body)[0];
}

/** SOAPAction values are compared after stripping surrounding quotes and URL-decoding (notes). */
export function normaliseAction(raw: string): string {
  const unquoted = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  try {
    return decodeURIComponent(unquoted.replace(/\+/g, ' '));
  } catch {
    return unquoted; // HttpUtility.UrlDecode leaves malformed escapes as they are
  }
}

function byAction(endpoint: HostedEndpoint, action: string): OperationContract | undefined {
  for (const op of endpoint.operations.values()) if (soapActionOf(endpoint.namespace, op.name) === action) return op;
  return undefined;
}

function byBodyElement(endpoint: HostedEndpoint, el: XmlElement | undefined): OperationContract | undefined {
  return el && el.ns === endpoint.namespace ? endpoint.operations.get(el.local) : undefined;
}

/**
 * SOAP 1.1 with a SOAPAction header routes by it, and only by it. Without the header the request
 * takes the SOAP 1.2 path (notes). SOAP 1.2 routes by the Content-Type `action` parameter when it
 * names an operation, else by the body element (Soap12ServerProtocolHelper.RouteRequest).
 */
function route(req: SoapRequest, version: SoapVersion, mediaType: MediaType, el: XmlElement | undefined): OperationContract {
  const soapAction = header(req.headers, 'soapaction');
  if (version === '1.1' && soapAction !== undefined) {
    const action = normaliseAction(soapAction);
    const op = byAction(req.endpoint, action);
    if (!op) throw clientFault(`Server did not recognize the value of HTTP Header SOAPAction: ${action}.`);
    return op;
  }
  const rawAction = version === '1.2' ? mediaType.params.get('action') : undefined;
  const action = rawAction === undefined ? undefined : normaliseAction(rawAction);
  const op = (action ? byAction(req.endpoint, action) : undefined) ?? byBodyElement(req.endpoint, el);
  if (op) return op;
  if (version === '1.1') throw clientFault('Server did not recognize the value of HTTP Header SOAPAction: .');
  throw clientFault(
    action
      ? `Unable to handle request. The action '${action}' was not recognized.`
      : 'Unable to handle request without a valid action parameter. Please supply a valid soap action.',
  );
}

/**
 * XmlSerializer's reading of the wrapper element: each parameter is the first child with exactly
 * its name in the service namespace, in any order; anything else is skipped. A wrapper that is not
 * `{ns}Op` (wrong namespace, or another operation when SOAPAction routed) is skipped whole, so
 * every parameter keeps its default (notes, SOAP 1.1).
 */
function bindArguments(op: OperationContract, wrapper: XmlElement | undefined, namespace: string, text: string, leniency: Leniency = {}): Args {
  const matches = wrapper !== undefined && wrapper.ns === namespace && wrapper.local === op.name;
  const children = matches ? elementChildren(wrapper) : [];
  const args = new Map<string, ArgValue>();
  // Faithful: exact name in the service namespace. The leniencies are the defect catalog's.
  const named = (c: XmlElement, name: string) =>
    leniency.soapNames === 'ignore-case' ? c.ns === namespace && c.local.toLowerCase() === name.toLowerCase()
    : leniency.soapNames === 'any-namespace' ? c.local === name
    : c.ns === namespace && c.local === name;
  for (const p of op.params) {
    const el = children.find((c) => named(c, p.name));
    args.set(p.name, el ? readValue(p.type, el, text, leniency) : defaultArg(p.type));
  }
  return args;
}

function readValue(type: SoapType, el: XmlElement, text: string, leniency: Leniency = {}): ArgValue {
  const converted: Converted<ArgValue> =
    elementChildren(el).length > 0
      ? { ok: false, reason: `ReadElementString method can only be called on elements with simple or empty content.` }
      : convert(XSD_LEXICON, type, textContent(el));
  if (converted.ok) return converted.value;
  if (leniency.values === 'default-on-error') return defaultArg(type);
  const [line, column] = positionOf(text, el.qname);
  throw clientFault(`Server was unable to read request. ---> There is an error in XML document (${line}, ${column}). ---> ${converted.reason}`);
}

/** Line and column (1-based) of an element's start tag, as XmlTextReader reports positions. */
function positionOf(text: string, qname: string): [number, number] {
  const at = new RegExp(`<${qname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\s/>]`).exec(text)?.index ?? 0;
  const before = text.slice(0, at).split(/\r\n|\r|\n/);
  return [before.length, before[before.length - 1].length + 2];
}

/** Runs the WebMethod; an exception in it becomes a Server/Receiver fault (notes). */
function invokeMethod(req: SoapRequest, op: OperationContract, args: Args): string | null {
  try {
    return req.invoke(op, args, req.ctx);
  } catch (e) {
    throw new PlatformFault({ code: 'Server', text: `System.Web.Services.Protocols.SoapException: Server was unable to process request. ---> ${describeException(e)}` });
  }
}
