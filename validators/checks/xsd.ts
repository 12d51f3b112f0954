// The response validated against the XML Schemas derived from the contracts (contracts/xsd.ts).
// Validation runs in one Java batch per run (validators/xsdBatch.ts); this check reads its verdict.
import { isSoap } from '../../contracts/bindings.ts';
import { excerpt, fail, notApplicable, pass, perBinding, type ExchangeCheck } from '../check.ts';

export const checkResponseMatchesXmlSchema: ExchangeCheck = {
  scope: 'exchange',
  id: 'checkResponseMatchesXmlSchema',
  title: 'The response document is valid against the XML Schema derived from the contracts',
  level: 'MUST',
  requirements: (op, b) => [...perBinding(isSoap(b) ? 'BODY' : 'STRING')(op, b), ...perBinding(isSoap(b) ? 'ENVELOPE' : 'STRING')(op, b), 'IF-4.1-RESULT-STRING'],
  appliesTo: () => true,
  // The harness validates XML answers in one batch and passes the verdict in; no verdict means
  // the answer was no XML document (the well-formedness check says why).
  run({ xsd }) {
    if (!xsd) return notApplicable('the body is not an XML document, so there is nothing to validate');
    if ('error' in xsd) throw new Error(`XML Schema validation could not run: ${xsd.error}`);
    if (xsd.valid) return pass;
    return fail('a document valid against the schema', excerpt(xsd.messages.join('; '), 300));
  },
};
