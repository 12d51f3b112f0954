// The bytes ASMX writes for results and faults (notes/asmx-wire-behaviour.md, "SOAP response
// serialisation", "SOAP 1.2", "HTTP GET and HTTP POST"). Pure functions: the host decides when.
import { SOAP11_ENV_NS, SOAP12_ENV_NS, XSD_NS, XSI_NS } from '../contracts/bindings.ts';
import { escapeXmlText } from '../validators/xml.ts';
import { XML_UTF8, type Reply } from './webMethod.ts';

export type SoapVersion = '1.1' | '1.2';

export const ENVELOPE_NS: Readonly<Record<SoapVersion, string>> = { '1.1': SOAP11_ENV_NS, '1.2': SOAP12_ENV_NS };

export const SOAP_CONTENT_TYPE: Readonly<Record<SoapVersion, string>> = {
  '1.1': XML_UTF8,
  '1.2': 'application/soap+xml; charset=utf-8',
};

const DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';

// eslint-disable-next-line no-control-regex
const C0_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

/**
 * XmlTextWriter's text escaping: `<`, `&`, `>` as entities, C0 controls other than tab, LF and
 * CR as `&#xN;` (uppercase hex). That makes such a result not well-formed XML 1.0, as on ASMX.
 */
export function escapeAsmxText(s: string): string {
  return escapeXmlText(s).replace(C0_CONTROLS, (c) => `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`);
}

const escapeAttribute = (s: string): string => escapeAsmxText(s).replace(/"/g, '&quot;');

/** `<name xmlns="ns">text</name>`, `<name xmlns="ns" />` when the text is empty. */
const textElement = (name: string, attrs: string, text: string): string =>
  text === '' ? `<${name}${attrs} />` : `<${name}${attrs}>${escapeAsmxText(text)}</${name}>`;

/** The envelope ASMX writes: prefix `soap` for both versions, no indentation, no BOM. */
function envelope(version: SoapVersion, body: string): string {
  return (
    `${DECLARATION}<soap:Envelope xmlns:soap="${ENVELOPE_NS[version]}" xmlns:xsi="${XSI_NS}" xmlns:xsd="${XSD_NS}">` +
    `<soap:Body>${body}</soap:Body></soap:Envelope>`
  );
}

/** `<OpResponse xmlns="NS"><OpResult>text</OpResult></OpResponse>`; a null result has no `<OpResult>`. */
export function soapResultBody(version: SoapVersion, namespace: string, op: string, result: string | null): string {
  const ns = ` xmlns="${escapeAttribute(namespace)}"`;
  const inner = result === null ? '' : textElement(`${op}Result`, '', result);
  const wrapper = inner === '' ? `<${op}Response${ns} />` : `<${op}Response${ns}>${inner}</${op}Response>`;
  return envelope(version, wrapper);
}

/** The platform's fault classes; each version names them its own way. */
export type FaultCode = 'Client' | 'Server' | 'VersionMismatch';

export interface SoapFault {
  readonly code: FaultCode;
  /** The faultstring / Reason text: the exception messages joined by ` ---> ` (notes). */
  readonly text: string;
}

const FAULT_CODE: Readonly<Record<SoapVersion, Readonly<Record<FaultCode, string>>>> = {
  '1.1': { Client: 'soap:Client', Server: 'soap:Server', VersionMismatch: 'soap:VersionMismatch' },
  '1.2': { Client: 'soap:Sender', Server: 'soap:Receiver', VersionMismatch: 'soap:VersionMismatch' },
};

export function soapFaultBody(version: SoapVersion, fault: SoapFault): string {
  const code = FAULT_CODE[version][fault.code];
  const text = escapeAsmxText(fault.text);
  const inner =
    version === '1.1'
      ? `<faultcode>${code}</faultcode><faultstring>${text}</faultstring><detail />`
      : `<soap:Code><soap:Value>${code}</soap:Value></soap:Code><soap:Reason><soap:Text xml:lang="en">${text}</soap:Text></soap:Reason><soap:Detail />`;
  return envelope(version, `<soap:Fault>${inner}</soap:Fault>`);
}

export const soapResultReply = (version: SoapVersion, namespace: string, op: string, result: string | null): Reply => ({
  status: 200,
  contentType: SOAP_CONTENT_TYPE[version],
  body: soapResultBody(version, namespace, op, result),
});

/** Every SOAP fault is HTTP 500, Client/Sender ones included (notes, SOAP 1.1 and 1.2). */
export const soapFaultReply = (version: SoapVersion, fault: SoapFault): Reply => ({
  status: 500,
  contentType: SOAP_CONTENT_TYPE[version],
  body: soapFaultBody(version, fault),
});

/**
 * HTTP GET/POST result: declaration, CRLF, then the `string` element; `xsi:nil` for null
 * (XmlSerializer writes the xsi declaration before the default namespace).
 */
export function httpResultBody(namespace: string, result: string | null): string {
  const ns = ` xmlns="${escapeAttribute(namespace)}"`;
  const element = result === null ? `<string xsi:nil="true" xmlns:xsi="${XSI_NS}"${ns} />` : textElement('string', ns, result);
  return `${DECLARATION}\r\n${element}`;
}

export const httpResultReply = (namespace: string, result: string | null): Reply => ({
  status: 200,
  contentType: XML_UTF8,
  body: httpResultBody(namespace, result),
});
