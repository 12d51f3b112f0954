// Requests no binding accepts (SHOULD: what SOAP and the platform imply): a wrong SOAPAction, a
// wrong media type, a SOAP 1.1 envelope labelled as SOAP 1.2, malformed XML, a DOCTYPE with an
// external entity, and an entity-expansion bomb. The reverse label (a SOAP 1.2 envelope sent as
// text/xml) is left out: Mono answers it as SOAP 1.2, a faithful platform behaviour.
import { isSoap, soapActionOf, namespaceOf } from '../../contracts/bindings.ts';
import { principalParam } from '../../contracts/operations.ts';
import type { NegativeCase } from './variant.ts';

const soap = (binding: string): true | string => (isSoap(binding as 'soap11') ? true : 'a SOAP-only negative case');

/** A marker an expanded entity would put into the answer. */
export const ENTITY_MARKER = 'CNC-ENTITY-EXPANDED';

export const wrongSoapAction: NegativeCase = {
  id: 'wrong-soapaction',
  applies: (_op, binding) => (binding === 'soap11' ? true : 'SOAPAction is a SOAP 1.1 header'),
  build: (ctx) => ({ params: ctx.params, encode: { soapAction: soapActionOf(namespaceOf(ctx.operation.endpoint, ctx.settings), `${ctx.operation.name}NoSuchOperation`) } }),
};

export const wrongContentType: NegativeCase = {
  id: 'wrong-content-type',
  // ASMX's HTTP POST protocol looks at the media type only while reading parameters
  // (HttpServerProtocol.ReadParameters, seen on Mono): an operation without any answers normally.
  applies: (op, binding) =>
    binding === 'get' ? 'HTTP GET has no request body' : binding === 'post' && op.params.length === 0 ? `ASMX reads no form for ${op.name}, which has no parameters, so the media type goes unread` : true,
  build: (ctx) => ({ params: ctx.params, encode: { contentType: 'text/plain; charset=utf-8' } }),
};

export const soap11EnvelopeAsSoap12: NegativeCase = {
  id: 'soap11-envelope-as-soap12',
  applies: (_op, binding) => (binding === 'soap11' ? true : 'built from a SOAP 1.1 request'),
  build: (ctx) => ({ params: ctx.params, encode: { contentType: 'application/soap+xml; charset=utf-8' } }),
};

export const malformedXml: NegativeCase = {
  id: 'malformed-xml',
  applies: (_op, binding) => soap(binding),
  build: (ctx) => ({ params: ctx.params, rewrite: (req) => ({ ...req, body: req.body.replace(/<\/[^>]*Envelope>\s*$/, '') }) }),
};

/**
 * Puts a DOCTYPE before the envelope and an entity reference into the user-identifying parameter
 * (the first string one where there is none): the one an answer is likeliest to echo.
 */
function withDoctype(doctype: string, reference: string): NegativeCase['build'] {
  return (ctx) => {
    const target = (principalParam(ctx.operation) ?? ctx.operation.params.find((p) => p.type === 'string'))?.name;
    return {
      params: ctx.params,
      rewrite: (req) => {
        let body = req.body.replace(/^<\?xml[^?]*\?>\s*/, `<?xml version="1.0" encoding="utf-8"?>\n${doctype}\n`);
        body = target ? body.replace(new RegExp(`<${target}>([^<]*)</${target}>`), `<${target}>$1${reference}</${target}>`) : body;
        return { ...req, body };
      },
    };
  };
}

export const externalEntity: NegativeCase = {
  id: 'external-entity',
  applies: (_op, binding) => soap(binding),
  build: withDoctype(`<!DOCTYPE Envelope [<!ENTITY xxe SYSTEM "file:///etc/passwd"><!ENTITY marker "${ENTITY_MARKER}">]>`, '&marker;&xxe;'),
};

export const entityBomb: NegativeCase = {
  id: 'entity-bomb',
  applies: (_op, binding) => soap(binding),
  // Ten levels of ten: 10^10 expansions if a parser ever follows them.
  build: withDoctype(
    `<!DOCTYPE Envelope [<!ENTITY a0 "${ENTITY_MARKER}">${Array.from({ length: 10 }, (_, i) => `<!ENTITY a${i + 1} "${`&a${i};`.repeat(10)}">`).join('')}]>`,
    '&a10;',
  ),
};

