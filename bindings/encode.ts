// Encodes one request for one binding exactly as spec §4.1 gives it. The encoders take values
// already in the binding's lexical form (generators decide the form) and only place them.
import { BINDINGS, namespaceOf, soapActionOf, type BindingId, type EndpointSettings } from '../contracts/bindings.ts';
import type { OperationContract } from '../contracts/operations.ts';

export interface EncodedRequest {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  /** Header names in lower case, as undici sends them. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** One parameter to send: its name exactly as sent and its text. Order is the SOAP order. */
export interface ParamValue {
  readonly name: string;
  readonly text: string;
}

export interface EncodeOptions {
  readonly settings: EndpointSettings;
  /** SOAP: the namespace of the operation element; default the endpoint's (§4.1). Negative cases override it. */
  readonly namespace?: string;
  /** SOAP 1.1: SOAPAction value without quotes; default `<ns>/<Op>`. */
  readonly soapAction?: string;
  /** Override of the request media type (negative cases). */
  readonly contentType?: string;
  /** SOAP: parameters written in another namespace than the operation's (negative cases). */
  readonly paramNamespaces?: Readonly<Record<string, string>>;
}

// XML escaping for element text. CR is written as a reference, or the server's parser would
// turn it into LF (XML 1.0 §2.11) and the value would arrive changed.
const escapeXml = (s: string): string =>
  s.replace(/[&<>\r]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#xD;' })[c]!);

export function endpointUrl(op: OperationContract, settings: EndpointSettings): string {
  return settings.baseUrl.replace(/\/+$/, '') + settings.paths[op.endpoint];
}

function soapBody(op: OperationContract, params: readonly ParamValue[], ns: string, paramNs: Readonly<Record<string, string>> = {}): string {
  const children = params
    .map((p) => (paramNs[p.name] !== undefined ? `<${p.name} xmlns="${escapeXml(paramNs[p.name])}">` : `<${p.name}>`) + `${escapeXml(p.text)}</${p.name}>`)
    .join('');
  return children ? `<${op.name} xmlns="${escapeXml(ns)}">${children}</${op.name}>` : `<${op.name} xmlns="${escapeXml(ns)}" />`;
}

/** The SOAP envelope with the prefix the spec names (§4.1: `soap` for 1.1, `soap12` for 1.2). */
export function soapEnvelope(binding: 'soap11' | 'soap12', body: string): string {
  const b = BINDINGS[binding];
  const p = b.envelopePrefix!;
  return (
    '<?xml version="1.0" encoding="utf-8"?>\n' +
    `<${p}:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:${p}="${b.envelopeNs}">` +
    `<${p}:Body>${body}</${p}:Body></${p}:Envelope>`
  );
}

/** UTF-8 percent-encoding of names and values (non-ASCII names such as 运营商 included). */
export const formEncode = (params: readonly ParamValue[]): string =>
  params.map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(p.text)}`).join('&');

export function encodeRequest(op: OperationContract, binding: BindingId, params: readonly ParamValue[], opts: EncodeOptions): EncodedRequest {
  const endpoint = endpointUrl(op, opts.settings);
  const ns = opts.namespace ?? namespaceOf(op.endpoint, opts.settings);
  switch (binding) {
    case 'soap11':
      return {
        method: 'POST',
        url: endpoint,
        headers: {
          'content-type': opts.contentType ?? 'text/xml; charset=utf-8',
          // §4.1: a double-quoted value `<ns>/<Op>`.
          soapaction: `"${opts.soapAction ?? soapActionOf(namespaceOf(op.endpoint, opts.settings), op.name)}"`,
        },
        body: soapEnvelope('soap11', soapBody(op, params, ns, opts.paramNamespaces)),
      };
    case 'soap12':
      return {
        method: 'POST',
        url: endpoint,
        headers: { 'content-type': opts.contentType ?? 'application/soap+xml; charset=utf-8' },
        body: soapEnvelope('soap12', soapBody(op, params, ns, opts.paramNamespaces)),
      };
    case 'get': {
      const query = formEncode(params);
      return { method: 'GET', url: `${endpoint}/${op.name}${query ? `?${query}` : ''}`, headers: {}, body: '' };
    }
    case 'post':
      return {
        method: 'POST',
        url: `${endpoint}/${op.name}`,
        headers: { 'content-type': opts.contentType ?? 'application/x-www-form-urlencoded' },
        body: formEncode(params),
      };
  }
}

/** A curl command that sends the same bytes, for reproduction in reports. */
export function toCurl(req: Pick<EncodedRequest, 'method' | 'url' | 'headers' | 'body'>, localAddress?: string): string {
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const parts = ['curl', '-sS', '-i', '-X', req.method];
  if (localAddress) parts.push('--interface', localAddress);
  for (const [k, v] of Object.entries(req.headers)) parts.push('-H', q(`${k}: ${v}`));
  if (req.body) parts.push('--data-binary', q(req.body));
  parts.push(q(req.url));
  return parts.join(' ');
}
