// The response document as XML: UTF-8, well-formed, and, for SOAP, an envelope of the right
// version (spec §4.1). Compared as XML: prefixes, whitespace, CDATA and references carry no meaning.
import { BINDINGS, isSoap } from '../../contracts/bindings.ts';
import { elementChildren, expandedName, strayText } from '../xml.ts';
import { excerpt, fail, notApplicable, pass, perBinding, type ExchangeCheck } from '../check.ts';

export const checkResponseIsWellFormedUtf8Xml: ExchangeCheck = {
  scope: 'exchange',
  id: 'checkResponseIsWellFormedUtf8Xml',
  title: 'The response body is a well-formed XML document in UTF-8',
  level: 'MUST',
  requirements: (op, b) => [...perBinding(isSoap(b) ? 'ENVELOPE' : 'STRING')(op, b), ...perBinding('CONTENT-TYPE')(op, b)],
  appliesTo: () => true,
  run({ view, exchange }) {
    if (!exchange.response) return notApplicable('no response');
    if (exchange.response.status !== 200 && exchange.response.body.length === 0) return notApplicable(`HTTP ${exchange.response.status} with an empty body`);
    const x = view.xml;
    if (!x.ok) return fail('a well-formed XML document in UTF-8', x.error);
    const enc = x.doc.declaredEncoding;
    if (enc !== undefined && enc.toLowerCase() !== 'utf-8') return fail('an XML declaration with encoding utf-8, or none', `encoding="${enc}"`);
    return pass;
  },
};

export const checkSoapResponseIsEnvelopeOfBindingVersion: ExchangeCheck = {
  scope: 'exchange',
  id: 'checkSoapResponseIsEnvelopeOfBindingVersion',
  title: "A SOAP response is an Envelope in the request's SOAP version namespace, holding one Body",
  level: 'MUST',
  requirements: perBinding('ENVELOPE'),
  appliesTo: (_op, b) => isSoap(b),
  run({ view, binding }) {
    const x = view.xml;
    if (!x.ok) return notApplicable('the body is not XML');
    const ns = BINDINGS[binding].envelopeNs!;
    const root = x.doc.root;
    if (root.local !== 'Envelope' || root.ns !== ns) return fail(`{${ns}}Envelope`, `root element ${expandedName(root)}`);
    const kids = elementChildren(root);
    const names = kids.map((k) => (k.ns === ns ? k.local : expandedName(k)));
    const ok = (names.length === 1 && names[0] === 'Body') || (names.length === 2 && names[0] === 'Header' && names[1] === 'Body');
    if (!ok) return fail('an optional Header, then one Body, in the envelope namespace', `children ${names.join(', ') || '(none)'}`);
    const stray = strayText(root);
    if (stray !== undefined) return fail('only elements inside the Envelope', `text "${excerpt(stray.trim(), 40)}"`);
    return pass;
  },
};
