// Where the result sits (spec §4.1): SOAP, a Body holding `<Op>Response` with one `<Op>Result`;
// GET and POST, a single `string` element; both in the endpoint's namespace.
import { isSoap, namespaceOf, XSI_NS } from '../../contracts/bindings.ts';
import { attribute, elementChildren, expandedName, strayText, textContent, type XmlElement } from '../xml.ts';
import { excerpt, fail, notApplicable, pass, perBinding, type CheckContext, type ExchangeCheck } from '../check.ts';

const nsRequirement = (endpoint: 'net' | 'bwc') => (endpoint === 'net' ? 'IF-4.1-NS-NET' : 'IF-4.1-NS-BWC');

/** A SOAP fault, read for the message, in either version. */
function faultText(el: XmlElement): string {
  const texts: string[] = [];
  const walk = (e: XmlElement) => {
    if (['faultcode', 'faultstring', 'Value', 'Text'].includes(e.local) && elementChildren(e).length === 0) texts.push(textContent(e).trim());
    elementChildren(e).forEach(walk);
  };
  walk(el);
  return `a SOAP Fault: ${excerpt(texts.filter(Boolean).join(' | '), 200)}`;
}

export const checkSoapBodyHoldsOneOperationResponse: ExchangeCheck = {
  scope: 'exchange',
  id: 'checkSoapBodyHoldsOneOperationResponse',
  title: 'The SOAP Body holds exactly one element, <Op>Response, and nothing else',
  level: 'MUST',
  requirements: (op, b) => [...perBinding('BODY')(op, b), `IF-${op.section}-${op.name}`],
  appliesTo: (_op, b) => isSoap(b),
  run({ view, operation }) {
    const body = view.soapBody;
    if (!body) return notApplicable('no SOAP Body to read');
    const kids = elementChildren(body);
    const want = `${operation.name}Response`;
    if (kids.length === 1 && kids[0].local === 'Fault') return fail(`one <${want}>`, faultText(kids[0]));
    if (kids.length !== 1 || kids[0].local !== want) return fail(`one <${want}>`, kids.length ? kids.map(expandedName).join(', ') : 'an empty Body');
    const stray = strayText(body);
    if (stray !== undefined) return fail(`only <${want}> in the Body`, `text "${excerpt(stray.trim(), 40)}"`);
    return pass;
  },
};

export const checkSoapResponseHoldsOneStringResult: ExchangeCheck = {
  scope: 'exchange',
  id: 'checkSoapResponseHoldsOneStringResult',
  title: '<Op>Response holds exactly one <Op>Result, a string (text only, not nil)',
  level: 'MUST',
  requirements: (op, b) => [...perBinding('BODY')(op, b), 'IF-4.1-RESULT-STRING', 'IF-7.1-HTTP-200'],
  appliesTo: (_op, b) => isSoap(b),
  run({ view, operation }) {
    const body = view.soapBody;
    const response = body && elementChildren(body).find((e) => e.local === `${operation.name}Response`);
    if (!response) return notApplicable(`no <${operation.name}Response> to read`);
    const want = `${operation.name}Result`;
    const kids = elementChildren(response);
    // ASMX omits <OpResult> for a null string (notes): the spec promises a string result.
    if (kids.length === 0) return fail(`one <${want}>`, `an empty <${operation.name}Response> (a null result)`);
    if (kids.length !== 1 || kids[0].local !== want) return fail(`one <${want}>`, kids.map(expandedName).join(', '));
    const result = kids[0];
    if (attribute(result, XSI_NS, 'nil') === 'true') return fail(`a string in <${want}>`, 'xsi:nil="true"');
    if (elementChildren(result).length) return fail(`text in <${want}>`, `elements ${elementChildren(result).map(expandedName).join(', ')}`);
    const stray = strayText(response);
    if (stray !== undefined) return fail(`only <${want}> in <${operation.name}Response>`, `text "${excerpt(stray.trim(), 40)}"`);
    return pass;
  },
};

export const checkHttpResponseIsOneStringElement: ExchangeCheck = {
  scope: 'exchange',
  id: 'checkHttpResponseIsOneStringElement',
  title: 'An HTTP GET/POST response is a single <string> element holding the result text (not nil)',
  level: 'MUST',
  requirements: (op, b) => [...perBinding('STRING')(op, b), 'IF-4.1-RESULT-STRING', `IF-${op.section}-${op.name}`],
  appliesTo: (_op, b) => !isSoap(b),
  run({ view }) {
    const x = view.xml;
    if (!x.ok) return notApplicable('the body is not XML');
    const root = x.doc.root;
    if (root.local !== 'string') return fail('a root element <string>', `root element ${expandedName(root)}`);
    if (attribute(root, XSI_NS, 'nil') === 'true') return fail('a string result', 'xsi:nil="true" (a null result)');
    if (elementChildren(root).length) return fail('text only in <string>', `elements ${elementChildren(root).map(expandedName).join(', ')}`);
    return pass;
  },
};

/** The elements that carry the result, whichever binding, for the namespace check. */
function resultElements(ctx: CheckContext): XmlElement[] {
  const x = ctx.view.xml;
  if (!x.ok) return [];
  if (!isSoap(ctx.binding)) return x.doc.root.local === 'string' ? [x.doc.root] : [];
  const response = ctx.view.soapBody && elementChildren(ctx.view.soapBody).find((e) => e.local === `${ctx.operation.name}Response`);
  if (!response) return [];
  return [response, ...elementChildren(response).filter((e) => e.local === `${ctx.operation.name}Result`)];
}

export const checkResponseElementsUseServiceNamespace: ExchangeCheck = {
  scope: 'exchange',
  id: 'checkResponseElementsUseServiceNamespace',
  title: "<Op>Response, <Op>Result and <string> are in the endpoint's namespace",
  level: 'MUST',
  requirements: (op, b) => [nsRequirement(op.endpoint), ...perBinding(isSoap(b) ? 'BODY' : 'STRING')(op, b)],
  appliesTo: () => true,
  run(ctx) {
    const els = resultElements(ctx);
    if (!els.length) return notApplicable('no result element to read');
    const ns = namespaceOf(ctx.operation.endpoint, ctx.settings);
    const wrong = els.find((e) => e.ns !== ns);
    if (wrong) return fail(`<${wrong.local}> in namespace "${ns}"`, `namespace ${wrong.ns === null ? '(none)' : `"${wrong.ns}"`}`);
    return pass;
  },
};
