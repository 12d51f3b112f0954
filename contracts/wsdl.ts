// The WSDL 1.1 document an ASMX host publishes at `<endpoint>?WSDL` (notes/asmx-wire-behaviour.md,
// "WSDL that ASMX publishes"). The layout is that of System.Web.Services' ServiceDescriptionReflector,
// checked against Mono 6.8's output for the same signatures: all SOAP messages, then all HTTP GET,
// then all HTTP POST messages; port types Soap, HttpGet, HttpPost; bindings Soap, Soap12, HttpGet,
// HttpPost; one service with four ports. Operations appear in contract order everywhere.
import { XSD_NS, soapActionOf } from './bindings.ts';
import type { EndpointId, OperationContract } from './operations.ts';
import { el, operationsOf, renderDocument, serviceSchema, type XmlTree } from './xsd.ts';

/** The class names of the C# implementation, which ASMX uses as the service name. */
export const SERVICE_NAME: Readonly<Record<EndpointId, string>> = { net: 'net', bwc: 'BWC' };

// Namespace declarations in the order .NET Framework writes them (Mono's order differs; order
// carries no meaning, this only keeps the text recognisable).
const WSDL_NAMESPACES = (tns: string): Record<string, string> => ({
  'xmlns:soap': 'http://schemas.xmlsoap.org/wsdl/soap/',
  'xmlns:tm': 'http://microsoft.com/wsdl/mime/textMatching/',
  'xmlns:soapenc': 'http://schemas.xmlsoap.org/soap/encoding/',
  'xmlns:mime': 'http://schemas.xmlsoap.org/wsdl/mime/',
  'xmlns:tns': tns,
  'xmlns:s': XSD_NS,
  'xmlns:soap12': 'http://schemas.xmlsoap.org/wsdl/soap12/',
  'xmlns:http': 'http://schemas.xmlsoap.org/wsdl/http/',
  targetNamespace: tns,
  'xmlns:wsdl': 'http://schemas.xmlsoap.org/wsdl/',
});

/** The three message families ASMX reflects, each with its own port type. */
interface Protocol {
  /** Suffix of message and port type names: `<Op>SoapIn`, `<Svc>HttpGet`. */
  readonly suffix: 'Soap' | 'HttpGet' | 'HttpPost';
  readonly input: (op: OperationContract) => XmlTree[];
  readonly output: (op: OperationContract) => XmlTree[];
}

const part = (attrs: Record<string, string>): XmlTree => el('wsdl:part', attrs);

// SOAP wraps parameters in the operation's element; HTTP sends each parameter as text (§4.1 rule 2)
// and answers with the `string` element.
const httpInput = (op: OperationContract): XmlTree[] => op.params.map((p) => part({ name: p.name, type: 's:string' }));
const httpOutput = (): XmlTree[] => [part({ name: 'Body', element: 'tns:string' })];

const PROTOCOLS: readonly Protocol[] = [
  {
    suffix: 'Soap',
    input: (op) => [part({ name: 'parameters', element: `tns:${op.name}` })],
    output: (op) => [part({ name: 'parameters', element: `tns:${op.name}Response` })],
  },
  { suffix: 'HttpGet', input: httpInput, output: httpOutput },
  { suffix: 'HttpPost', input: httpInput, output: httpOutput },
];

/** A binding's per-operation content: its operation extension, then input and output bodies. */
interface BindingStyle {
  readonly suffix: 'Soap' | 'Soap12' | 'HttpGet' | 'HttpPost';
  readonly portType: Protocol['suffix'];
  readonly binding: XmlTree;
  readonly operation: (op: OperationContract, namespace: string) => XmlTree;
  readonly input: XmlTree;
  readonly output: XmlTree;
  readonly address: string;
}

function soapStyle(prefix: 'soap' | 'soap12'): BindingStyle {
  return {
    suffix: prefix === 'soap' ? 'Soap' : 'Soap12',
    portType: 'Soap',
    binding: el(`${prefix}:binding`, { transport: 'http://schemas.xmlsoap.org/soap/http' }),
    operation: (op, ns) => el(`${prefix}:operation`, { soapAction: soapActionOf(ns, op.name), style: 'document' }),
    input: el(`${prefix}:body`, { use: 'literal' }),
    output: el(`${prefix}:body`, { use: 'literal' }),
    address: `${prefix}:address`,
  };
}

function httpStyle(verb: 'GET' | 'POST'): BindingStyle {
  return {
    suffix: verb === 'GET' ? 'HttpGet' : 'HttpPost',
    portType: verb === 'GET' ? 'HttpGet' : 'HttpPost',
    binding: el('http:binding', { verb }),
    operation: (op) => el('http:operation', { location: `/${op.name}` }),
    input: verb === 'GET' ? el('http:urlEncoded') : el('mime:content', { type: 'application/x-www-form-urlencoded' }),
    output: el('mime:mimeXml', { part: 'Body' }),
    address: 'http:address',
  };
}

const BINDING_STYLES: readonly BindingStyle[] = [soapStyle('soap'), soapStyle('soap12'), httpStyle('GET'), httpStyle('POST')];

export function wsdlFor(endpoint: EndpointId, opts: { namespace: string; location: string; serviceName?: string }): string {
  const svc = opts.serviceName ?? SERVICE_NAME[endpoint];
  const ops = operationsOf(endpoint);

  const messages = PROTOCOLS.flatMap((proto) =>
    ops.flatMap((op) => [
      el('wsdl:message', { name: `${op.name}${proto.suffix}In` }, proto.input(op)),
      el('wsdl:message', { name: `${op.name}${proto.suffix}Out` }, proto.output(op)),
    ]),
  );

  const portTypes = PROTOCOLS.map((proto) =>
    el(
      'wsdl:portType',
      { name: `${svc}${proto.suffix}` },
      ops.map((op) =>
        el('wsdl:operation', { name: op.name }, [
          el('wsdl:input', { message: `tns:${op.name}${proto.suffix}In` }),
          el('wsdl:output', { message: `tns:${op.name}${proto.suffix}Out` }),
        ]),
      ),
    ),
  );

  const bindings = BINDING_STYLES.map((style) =>
    el('wsdl:binding', { name: `${svc}${style.suffix}`, type: `tns:${svc}${style.portType}` }, [
      style.binding,
      ...ops.map((op) =>
        el('wsdl:operation', { name: op.name }, [
          style.operation(op, opts.namespace),
          el('wsdl:input', {}, [style.input]),
          el('wsdl:output', {}, [style.output]),
        ]),
      ),
    ]),
  );

  const service = el(
    'wsdl:service',
    { name: svc },
    BINDING_STYLES.map((style) =>
      el('wsdl:port', { name: `${svc}${style.suffix}`, binding: `tns:${svc}${style.suffix}` }, [
        el(style.address, { location: opts.location }),
      ]),
    ),
  );

  return renderDocument(
    el('wsdl:definitions', WSDL_NAMESPACES(opts.namespace), [
      el('wsdl:types', {}, [serviceSchema(endpoint, opts.namespace)]),
      ...messages,
      ...portTypes,
      ...bindings,
      service,
    ]),
  );
}
