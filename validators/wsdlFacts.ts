// A WSDL 1.1 document read as facts per operation and binding: following each service port to its
// binding, port type, messages and schema elements, with every QName resolved. Two WSDLs agree
// when their facts agree, whatever their prefixes, declaration order or layout; the address
// location is left out on purpose (it names wherever the service happens to run).
import type { BindingId } from '../contracts/bindings.ts';
import { attribute, elementChildren, type XmlElement } from './xml.ts';

const WSDL = 'http://schemas.xmlsoap.org/wsdl/';
const SOAP = 'http://schemas.xmlsoap.org/wsdl/soap/';
const SOAP12 = 'http://schemas.xmlsoap.org/wsdl/soap12/';
const HTTP = 'http://schemas.xmlsoap.org/wsdl/http/';
const XS = 'http://www.w3.org/2001/XMLSchema';

/** `<operation>|<binding>` → the facts of that operation in that binding. */
export type WsdlFacts = Map<string, Set<string>>;

export const factKey = (operation: string, binding: BindingId) => `${operation}|${binding}`;

const kids = (el: XmlElement, ns: string, local: string) => elementChildren(el).filter((c) => c.ns === ns && c.local === local);
const kid = (el: XmlElement, ns: string, local: string) => kids(el, ns, local)[0];

/** A QName attribute value resolved against the element's in-scope namespaces: `{ns}local`. */
function qname(el: XmlElement, value: string | undefined): string {
  if (value === undefined) return '(none)';
  const i = value.indexOf(':');
  const prefix = i < 0 ? '' : value.slice(0, i);
  const local = i < 0 ? value : value.slice(i + 1);
  const ns = el.scope.get(prefix);
  return ns === undefined && prefix ? `{unbound ${prefix}}${local}` : `{${ns ?? ''}}${local}`;
}

function bindingKind(binding: XmlElement): BindingId | undefined {
  if (kid(binding, SOAP, 'binding')) return 'soap11';
  if (kid(binding, SOAP12, 'binding')) return 'soap12';
  const http = kid(binding, HTTP, 'binding');
  const verb = http && attribute(http, null, 'verb');
  return verb === 'GET' ? 'get' : verb === 'POST' ? 'post' : undefined;
}

export function wsdlFacts(root: XmlElement): WsdlFacts {
  const facts: WsdlFacts = new Map();
  if (root.ns !== WSDL || root.local !== 'definitions') return facts;
  const tns = attribute(root, null, 'targetNamespace') ?? '';
  const named = (local: string) => new Map(kids(root, WSDL, local).map((e) => [`{${tns}}${attribute(e, null, 'name')}`, e]));
  const bindings = named('binding');
  const portTypes = named('portType');
  const messages = named('message');
  const elements = new Map<string, XmlElement>();
  const types = kid(root, WSDL, 'types');
  for (const schema of types ? kids(types, XS, 'schema') : []) {
    const stns = attribute(schema, null, 'targetNamespace') ?? '';
    for (const e of kids(schema, XS, 'element')) elements.set(`{${stns}}${attribute(e, null, 'name')}`, e);
  }

  /** A global element's content: its sequence's children with type and occurrence, in order. */
  const elementFacts = (name: string): string[] => {
    const e = elements.get(name);
    if (!e) return [`element ${name} is not declared`];
    const type = attribute(e, null, 'type');
    if (type) return [`element ${name} type ${qname(e, type)}${attribute(e, null, 'nillable') === 'true' ? ' nillable' : ''}`];
    const complex = kid(e, XS, 'complexType');
    const seq = complex && kid(complex, XS, 'sequence');
    const children = seq ? kids(seq, XS, 'element') : [];
    return [
      `element ${name} sequence (${children
        .map((c) => `${attribute(c, null, 'name')}: ${qname(c, attribute(c, null, 'type'))} ${attribute(c, null, 'minOccurs') ?? '1'}..${attribute(c, null, 'maxOccurs') ?? '1'}`)
        .join(', ')})`,
    ];
  };

  const messageFacts = (direction: string, name: string): string[] => {
    const m = messages.get(name);
    if (!m) return [`${direction} message ${name} is not declared`];
    const parts = kids(m, WSDL, 'part');
    const out = [`${direction} message ${name} parts (${parts.map((p) => `${attribute(p, null, 'name')}${attribute(p, null, 'element') ? ` element ${qname(p, attribute(p, null, 'element'))}` : ` type ${qname(p, attribute(p, null, 'type'))}`}`).join(', ')})`];
    // The element a part names is declared in the types: its sequence (for <Op>Response, the
    // <Op>Result and its type) is part of the contract.
    for (const p of parts) {
      const el = attribute(p, null, 'element');
      if (el) out.push(...elementFacts(qname(p, el)).map((f) => `${direction} ${f}`));
    }
    return out;
  };

  const service = kid(root, WSDL, 'service');
  const serviceName = service ? attribute(service, null, 'name') : undefined;
  for (const port of service ? kids(service, WSDL, 'port') : []) {
    const binding = bindings.get(qname(port, attribute(port, null, 'binding')));
    if (!binding) continue;
    const kind = bindingKind(binding);
    if (!kind) continue;
    const portType = portTypes.get(qname(binding, attribute(binding, null, 'type')));
    const common = [
      `targetNamespace ${tns}`,
      `service ${serviceName}`,
      `port ${attribute(port, null, 'name')} → binding ${attribute(binding, null, 'name')} → portType ${portType ? attribute(portType, null, 'name') : '(missing)'}`,
    ];
    const soapBinding = kid(binding, SOAP, 'binding') ?? kid(binding, SOAP12, 'binding');
    if (soapBinding) common.push(`transport ${attribute(soapBinding, null, 'transport')}`);
    for (const op of kids(binding, WSDL, 'operation')) {
      const name = attribute(op, null, 'name')!;
      const f = new Set(common);
      const soapOp = kid(op, SOAP, 'operation') ?? kid(op, SOAP12, 'operation');
      if (soapOp) f.add(`soapAction "${attribute(soapOp, null, 'soapAction')}" style ${attribute(soapOp, null, 'style') ?? '(default)'}`);
      const httpOp = kid(op, HTTP, 'operation');
      if (httpOp) f.add(`location ${attribute(httpOp, null, 'location')}`);
      for (const dir of ['input', 'output'] as const) {
        const io = kid(op, WSDL, dir);
        for (const x of io ? elementChildren(io) : []) {
          const detail = ['use', 'part', 'type'].map((a) => attribute(x, null, a)).filter(Boolean).join(' ');
          f.add(`${dir} {${x.ns}}${x.local}${detail ? ` ${detail}` : ''}`);
        }
      }
      const ptOp = portType && kids(portType, WSDL, 'operation').find((o) => attribute(o, null, 'name') === name);
      if (!ptOp) f.add('portType has no such operation');
      else {
        for (const dir of ['input', 'output'] as const) {
          const io = kid(ptOp, WSDL, dir);
          const msg = io ? qname(io, attribute(io, null, 'message')) : '(none)';
          for (const fact of messageFacts(dir, msg)) f.add(fact);
        }
      }
      facts.set(factKey(name, kind), f);
    }
  }
  return facts;
}

/** What the expected facts have that the actual lack, and the reverse. */
export function diffFacts(expected: ReadonlySet<string> | undefined, actual: ReadonlySet<string> | undefined): { missing: string[]; unexpected: string[] } {
  const e = expected ?? new Set<string>();
  const a = actual ?? new Set<string>();
  return { missing: [...e].filter((x) => !a.has(x)), unexpected: [...a].filter((x) => !e.has(x)) };
}
