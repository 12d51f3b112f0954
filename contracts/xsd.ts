// XML Schemas derived from OPERATIONS: the service schemas ASMX publishes in its WSDL, the SOAP
// envelope schemas, and the entry schemas the suite validates responses against (with Java's
// javax.xml.validation through xsd-schema-validator, offline: every import is a relative file).
import { SOAP11_ENV_NS, SOAP12_ENV_NS, XSD_NS, namespaceOf, type BindingId } from './bindings.ts';
import { OPERATIONS, type EndpointId, type OperationContract, type ParamContract } from './operations.ts';

// ---------------------------------------------------------------------------------------------
// A minimal XML tree writer, shared with wsdl.ts, that lays documents out the way .NET's
// ServiceDescription.Write does: two-space indent, one element per line, `<x a="b" />` when empty.

export interface XmlTree {
  readonly name: string;
  /** Insertion order is output order: ASMX writes e.g. minOccurs, maxOccurs, name, type. */
  readonly attrs?: Readonly<Record<string, string>>;
  readonly children?: readonly XmlTree[];
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';

export const el = (name: string, attrs: Record<string, string> = {}, children: readonly XmlTree[] = []): XmlTree => ({
  name,
  attrs,
  children,
});

const escapeAttr = (v: string): string => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

function renderTree(node: XmlTree, depth: number, out: string[]): void {
  const pad = '  '.repeat(depth);
  const attrs = Object.entries(node.attrs ?? {})
    .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)
    .join('');
  const children = node.children ?? [];
  if (children.length === 0) {
    out.push(`${pad}<${node.name}${attrs} />`);
    return;
  }
  out.push(`${pad}<${node.name}${attrs}>`);
  for (const child of children) renderTree(child, depth + 1, out);
  out.push(`${pad}</${node.name}>`);
}

/** An XML document: declaration, then the tree; ends with a line break. */
export function renderDocument(root: XmlTree): string {
  const out = [XML_DECLARATION];
  renderTree(root, 0, out);
  return out.join('\n') + '\n';
}

// ---------------------------------------------------------------------------------------------
// Service schemas (spec §4.1 rules 1 and 2): what ASMX reflects from the C# method signatures.

const XSD_TYPE: Readonly<Record<ParamContract['type'], string>> = {
  string: 's:string',
  int: 's:int',
  double: 's:double',
  dateTime: 's:dateTime',
};

/** ASMX makes reference types optional (null when absent) and value types required. */
function paramElement(p: ParamContract): XmlTree {
  const occurs = p.type === 'string' ? { minOccurs: '0', maxOccurs: '1' } : { minOccurs: '1', maxOccurs: '1' };
  return el('s:element', { ...occurs, name: p.name, type: XSD_TYPE[p.type] });
}

/** A sequence, or an empty complexType for a parameterless method (as ASMX writes it). */
const sequenceType = (items: readonly XmlTree[]): XmlTree =>
  el('s:complexType', {}, items.length === 0 ? [] : [el('s:sequence', {}, items)]);

export const operationsOf = (endpoint: EndpointId): readonly OperationContract[] =>
  OPERATIONS.filter((o) => o.endpoint === endpoint);

/**
 * The `<s:schema>` of one endpoint, as in the WSDL's `<wsdl:types>`: per operation the request
 * wrapper `<Op>` and the response wrapper `<Op>Response`, then `string`, the root of HTTP GET/POST
 * responses. `extraAttrs` carries the namespace declarations a standalone file needs.
 */
export function serviceSchema(endpoint: EndpointId, namespace: string, extraAttrs: Record<string, string> = {}): XmlTree {
  const elements = operationsOf(endpoint).flatMap((op) => [
    el('s:element', { name: op.name }, [sequenceType(op.params.map(paramElement))]),
    el('s:element', { name: `${op.name}Response` }, [
      sequenceType([el('s:element', { minOccurs: '0', maxOccurs: '1', name: `${op.name}Result`, type: 's:string' })]),
    ]),
  ]);
  return el('s:schema', { ...extraAttrs, elementFormDefault: 'qualified', targetNamespace: namespace }, [
    ...elements,
    el('s:element', { name: 'string', nillable: 'true', type: 's:string' }),
  ]);
}

// ---------------------------------------------------------------------------------------------
// SOAP envelope schemas: the published ones (schemas.xmlsoap.org/soap/envelope/, 2001; and
// www.w3.org/2003/05/soap-envelope, 2003) without their prose annotations, with two changes:
// - Body's wildcard is processContents="strict" (published: lax), so validating an envelope also
//   validates `<Op>Response` or Fault against its declaration, and an undeclared body element fails.
// - SOAP 1.2 imports the xml namespace from the local xml.xsd instead of www.w3.org (no network).

const SOAP11_ENVELOPE_XSD = `${XML_DECLARATION}
<xs:schema xmlns:xs="${XSD_NS}" xmlns:tns="${SOAP11_ENV_NS}" targetNamespace="${SOAP11_ENV_NS}">
  <xs:element name="Envelope" type="tns:Envelope" />
  <xs:complexType name="Envelope">
    <xs:sequence>
      <xs:element ref="tns:Header" minOccurs="0" />
      <xs:element ref="tns:Body" minOccurs="1" />
      <xs:any namespace="##other" minOccurs="0" maxOccurs="unbounded" processContents="lax" />
    </xs:sequence>
    <xs:anyAttribute namespace="##other" processContents="lax" />
  </xs:complexType>
  <xs:element name="Header" type="tns:Header" />
  <xs:complexType name="Header">
    <xs:sequence>
      <xs:any namespace="##other" minOccurs="0" maxOccurs="unbounded" processContents="lax" />
    </xs:sequence>
    <xs:anyAttribute namespace="##other" processContents="lax" />
  </xs:complexType>
  <xs:element name="Body" type="tns:Body" />
  <xs:complexType name="Body">
    <xs:sequence>
      <xs:any namespace="##any" minOccurs="0" maxOccurs="unbounded" processContents="strict" />
    </xs:sequence>
    <xs:anyAttribute namespace="##any" processContents="lax" />
  </xs:complexType>
  <xs:attribute name="mustUnderstand">
    <xs:simpleType>
      <xs:restriction base="xs:boolean">
        <xs:pattern value="0|1" />
      </xs:restriction>
    </xs:simpleType>
  </xs:attribute>
  <xs:attribute name="actor" type="xs:anyURI" />
  <xs:simpleType name="encodingStyle">
    <xs:list itemType="xs:anyURI" />
  </xs:simpleType>
  <xs:attribute name="encodingStyle" type="tns:encodingStyle" />
  <xs:attributeGroup name="encodingStyle">
    <xs:attribute ref="tns:encodingStyle" />
  </xs:attributeGroup>
  <xs:element name="Fault" type="tns:Fault" />
  <xs:complexType name="Fault" final="extension">
    <xs:sequence>
      <xs:element name="faultcode" type="xs:QName" />
      <xs:element name="faultstring" type="xs:string" />
      <xs:element name="faultactor" type="xs:anyURI" minOccurs="0" />
      <xs:element name="detail" type="tns:detail" minOccurs="0" />
    </xs:sequence>
  </xs:complexType>
  <xs:complexType name="detail">
    <xs:sequence>
      <xs:any namespace="##any" minOccurs="0" maxOccurs="unbounded" processContents="lax" />
    </xs:sequence>
    <xs:anyAttribute namespace="##any" processContents="lax" />
  </xs:complexType>
</xs:schema>
`;

const SOAP12_ENVELOPE_XSD = `${XML_DECLARATION}
<xs:schema xmlns:xs="${XSD_NS}" xmlns:tns="${SOAP12_ENV_NS}" targetNamespace="${SOAP12_ENV_NS}" elementFormDefault="qualified">
  <xs:import namespace="http://www.w3.org/XML/1998/namespace" schemaLocation="xml.xsd" />
  <xs:element name="Envelope" type="tns:Envelope" />
  <xs:complexType name="Envelope">
    <xs:sequence>
      <xs:element ref="tns:Header" minOccurs="0" />
      <xs:element ref="tns:Body" minOccurs="1" />
    </xs:sequence>
    <xs:anyAttribute namespace="##other" processContents="lax" />
  </xs:complexType>
  <xs:element name="Header" type="tns:Header" />
  <xs:complexType name="Header">
    <xs:sequence>
      <xs:any namespace="##any" processContents="lax" minOccurs="0" maxOccurs="unbounded" />
    </xs:sequence>
    <xs:anyAttribute namespace="##other" processContents="lax" />
  </xs:complexType>
  <xs:element name="Body" type="tns:Body" />
  <xs:complexType name="Body">
    <xs:sequence>
      <xs:any namespace="##any" processContents="strict" minOccurs="0" maxOccurs="unbounded" />
    </xs:sequence>
    <xs:anyAttribute namespace="##other" processContents="lax" />
  </xs:complexType>
  <xs:attribute name="mustUnderstand" type="xs:boolean" default="0" />
  <xs:attribute name="relay" type="xs:boolean" default="0" />
  <xs:attribute name="role" type="xs:anyURI" />
  <xs:attribute name="encodingStyle" type="xs:anyURI" />
  <xs:element name="Fault" type="tns:Fault" />
  <xs:complexType name="Fault" final="extension">
    <xs:sequence>
      <xs:element name="Code" type="tns:faultcode" />
      <xs:element name="Reason" type="tns:faultreason" />
      <xs:element name="Node" type="xs:anyURI" minOccurs="0" />
      <xs:element name="Role" type="xs:anyURI" minOccurs="0" />
      <xs:element name="Detail" type="tns:detail" minOccurs="0" />
    </xs:sequence>
  </xs:complexType>
  <xs:complexType name="faultreason">
    <xs:sequence>
      <xs:element name="Text" type="tns:reasontext" minOccurs="1" maxOccurs="unbounded" />
    </xs:sequence>
  </xs:complexType>
  <xs:complexType name="reasontext">
    <xs:simpleContent>
      <xs:extension base="xs:string">
        <xs:attribute ref="xml:lang" use="required" />
      </xs:extension>
    </xs:simpleContent>
  </xs:complexType>
  <xs:complexType name="faultcode">
    <xs:sequence>
      <xs:element name="Value" type="tns:faultcodeEnum" />
      <xs:element name="Subcode" type="tns:subcode" minOccurs="0" />
    </xs:sequence>
  </xs:complexType>
  <xs:simpleType name="faultcodeEnum">
    <xs:restriction base="xs:QName">
      <xs:enumeration value="tns:DataEncodingUnknown" />
      <xs:enumeration value="tns:MustUnderstand" />
      <xs:enumeration value="tns:Receiver" />
      <xs:enumeration value="tns:Sender" />
      <xs:enumeration value="tns:VersionMismatch" />
    </xs:restriction>
  </xs:simpleType>
  <xs:complexType name="subcode">
    <xs:sequence>
      <xs:element name="Value" type="xs:QName" />
      <xs:element name="Subcode" type="tns:subcode" minOccurs="0" />
    </xs:sequence>
  </xs:complexType>
  <xs:complexType name="detail">
    <xs:sequence>
      <xs:any namespace="##any" processContents="lax" minOccurs="0" maxOccurs="unbounded" />
    </xs:sequence>
    <xs:anyAttribute namespace="##other" processContents="lax" />
  </xs:complexType>
  <xs:element name="NotUnderstood" type="tns:NotUnderstoodType" />
  <xs:complexType name="NotUnderstoodType">
    <xs:attribute name="qname" type="xs:QName" use="required" />
  </xs:complexType>
  <xs:complexType name="SupportedEnvType">
    <xs:attribute name="qname" type="xs:QName" use="required" />
  </xs:complexType>
  <xs:element name="Upgrade" type="tns:UpgradeType" />
  <xs:complexType name="UpgradeType">
    <xs:sequence>
      <xs:element name="SupportedEnvelope" type="tns:SupportedEnvType" minOccurs="1" maxOccurs="unbounded" />
    </xs:sequence>
  </xs:complexType>
</xs:schema>
`;

/** Just xml:lang from www.w3.org/2001/xml.xsd (a language tag or empty), all SOAP 1.2 needs. */
const XML_XSD = `${XML_DECLARATION}
<xs:schema xmlns:xs="${XSD_NS}" targetNamespace="http://www.w3.org/XML/1998/namespace" xml:lang="en">
  <xs:attribute name="lang">
    <xs:simpleType>
      <xs:union memberTypes="xs:language">
        <xs:simpleType>
          <xs:restriction base="xs:string">
            <xs:enumeration value="" />
          </xs:restriction>
        </xs:simpleType>
      </xs:union>
    </xs:simpleType>
  </xs:attribute>
</xs:schema>
`;

// ---------------------------------------------------------------------------------------------
// Entry schemas: import-only documents that put the right declarations in scope for one kind of
// response. They have a private target namespace so that they are ordinary schema documents.

export const SERVICE_SCHEMA_FILE: Readonly<Record<EndpointId, string>> = { net: 'net.xsd', bwc: 'bwc.xsd' };

/** The schema a response of each binding is validated against (spec §4.1 "Response" column). */
export const RESPONSE_SCHEMA_FILE: Readonly<Record<BindingId, string>> = {
  soap11: 'soap11-response.xsd',
  soap12: 'soap12-response.xsd',
  get: 'http-response.xsd',
  post: 'http-response.xsd',
};

export const ENTRY_NAMESPACE = 'urn:campusnet-conformance:entry';
export const BATCH_NAMESPACE = 'urn:campusnet-conformance:batch';
export const BATCH_SCHEMA_FILE = 'batch.xsd';

const xsImport = (namespace: string, file: string): XmlTree => el('xs:import', { namespace, schemaLocation: file });

function entrySchema(targetNamespace: string, imports: readonly XmlTree[], declarations: readonly XmlTree[] = []): string {
  return renderDocument(
    el('xs:schema', { 'xmlns:xs': XSD_NS, targetNamespace, elementFormDefault: 'qualified' }, [...imports, ...declarations]),
  );
}

/** The batch root: one `item` per response, each holding exactly one foreign-namespace element. */
const batchDeclarations: readonly XmlTree[] = [
  el('xs:element', { name: 'batch' }, [
    el('xs:complexType', {}, [
      el('xs:sequence', {}, [
        el('xs:element', { name: 'item', minOccurs: '0', maxOccurs: 'unbounded' }, [
          el('xs:complexType', {}, [
            el('xs:sequence', {}, [el('xs:any', { namespace: '##other', processContents: 'strict' })]),
          ]),
        ]),
      ]),
    ]),
  ]),
];

/** File name → schema text, for a deployment whose security-office namespace is given (§4.1). */
export function xsdFiles(opts: { securityOfficeNamespace: string }): Record<string, string> {
  const serviceImports = (['net', 'bwc'] as const).map((e) => xsImport(namespaceOf(e, opts), SERVICE_SCHEMA_FILE[e]));
  const soap11 = xsImport(SOAP11_ENV_NS, 'soap11-envelope.xsd');
  const soap12 = xsImport(SOAP12_ENV_NS, 'soap12-envelope.xsd');
  const standalone = (e: EndpointId) => renderDocument(serviceSchema(e, namespaceOf(e, opts), { 'xmlns:s': XSD_NS }));
  return {
    'xml.xsd': XML_XSD,
    'soap11-envelope.xsd': SOAP11_ENVELOPE_XSD,
    'soap12-envelope.xsd': SOAP12_ENVELOPE_XSD,
    [SERVICE_SCHEMA_FILE.net]: standalone('net'),
    [SERVICE_SCHEMA_FILE.bwc]: standalone('bwc'),
    [RESPONSE_SCHEMA_FILE.soap11]: entrySchema(ENTRY_NAMESPACE, [soap11, ...serviceImports]),
    [RESPONSE_SCHEMA_FILE.soap12]: entrySchema(ENTRY_NAMESPACE, [soap12, ...serviceImports]),
    [RESPONSE_SCHEMA_FILE.get]: entrySchema(ENTRY_NAMESPACE, serviceImports),
    [BATCH_SCHEMA_FILE]: entrySchema(BATCH_NAMESPACE, [soap11, soap12, ...serviceImports], batchDeclarations),
  };
}

// ---------------------------------------------------------------------------------------------
// Batches: one Java run (~0.2 s of JVM start and schema loading) validates many responses.

export interface BatchDocument {
  /** `<b:batch>` on line 1, then one `<b:item>` per response, each starting on its own line. */
  readonly xml: string;
  /** The 0-based index of the response a 1-based line number falls in; undefined outside items. */
  itemAtLine(line: number): number | undefined;
}

// XML line counting: CR LF, lone CR and LF each end a line (XML 1.0 §2.11).
const LINE_BREAK = /\r\n|\r|\n/g;

/**
 * Wraps responses into one document for batch.xsd. Each response loses its BOM and XML
 * declaration, which may not appear inside an element. Only pass well-formed responses without a
 * DOCTYPE: a fatal error ends Java's run, so every later item would go unreported.
 */
export function batchDocument(responses: readonly string[]): BatchDocument {
  const starts: number[] = [];
  const lines = [`<b:batch xmlns:b="${BATCH_NAMESPACE}">`];
  let line = 2;
  for (const response of responses) {
    const body = response.replace(/^\uFEFF?(<\?xml[^?]*\?>)?/, '');
    starts.push(line);
    lines.push(`<b:item>${body}</b:item>`);
    line += 1 + (body.match(LINE_BREAK)?.length ?? 0);
  }
  lines.push('</b:batch>');
  return {
    xml: lines.join('\n'),
    itemAtLine(n: number): number | undefined {
      if (n < 2 || n >= line) return undefined;
      let i = starts.length - 1;
      while (starts[i] > n) i--;
      return i;
    },
  };
}

export interface ValidatorMessage {
  readonly level: 'error' | 'warning' | 'fatal';
  readonly text: string;
  /** 1-based position Java reported; absent on the summary line Java repeats after a fatal error. */
  readonly line?: number;
  readonly column?: number;
}

/**
 * Parses xsd-schema-validator's `messages`. Java prints one `[level] text (line:column)` line per
 * problem, but the package strips line breaks per output chunk, so several can arrive as one
 * string: they are split again after each `(line:column)`.
 */
export function parseValidatorMessages(messages: readonly string[]): ValidatorMessage[] {
  return messages
    .flatMap((m) => m.split(/(?<=\(\d+:\d+\))(?=\[(?:error|warning|fatal)\] )/))
    .map((m) => {
      const found = /^\[(error|warning|fatal)\] ([\s\S]*?)(?: \((\d+):(\d+)\))?$/.exec(m);
      if (!found) return { level: 'error' as const, text: m };
      const [, level, text, line, column] = found;
      return {
        level: level as ValidatorMessage['level'],
        text,
        ...(line === undefined ? {} : { line: Number(line), column: Number(column) }),
      };
    });
}
