// The WSDL a target publishes (`?WSDL`) against the one derived from the contracts: operations,
// parameter names, order and types, messages, bindings, SOAPActions and namespaces (the address
// aside). SHOULD: a deployment may switch its documentation off.
import { isSoap } from '../../contracts/bindings.ts';
import { diffFacts, factKey } from '../wsdlFacts.ts';
import { excerpt, fail, pass, perBinding, type WsdlCheck } from '../check.ts';

export const checkPublishedWsdlMatchesContracts: WsdlCheck = {
  scope: 'wsdl',
  id: 'checkPublishedWsdlMatchesContracts',
  title: 'The WSDL the endpoint publishes describes the operation as the contracts do',
  level: 'SHOULD',
  requirements: (op, b) => [
    'IF-4.1-RULE-1',
    'IF-4.1-RULE-2',
    'IF-4.1-RULE-3',
    'IF-4.1-RULE-4',
    `IF-${op.section}-${op.name}`,
    op.endpoint === 'net' ? 'IF-4.1-NS-NET' : 'IF-4.1-NS-BWC',
    ...perBinding(isSoap(b) ? 'BODY' : 'STRING')(op, b),
    'IF-9.1-IDENTICAL',
  ],
  appliesTo: () => true,
  run({ operation, binding, exchange, view, expected, actual }) {
    const res = exchange.response;
    if (!res) return fail('a WSDL at ?WSDL', `no response: ${exchange.error?.message ?? 'none'}`);
    if (res.status !== 200) return fail('a WSDL at ?WSDL (HTTP 200)', `HTTP ${res.status}`);
    if (!view.xml.ok) return fail('a WSDL at ?WSDL', `a body that is not XML (${view.xml.error})`);
    if (!actual) return fail('a WSDL 1.1 document', `root element ${view.xml.doc.root.qname}`);
    const key = factKey(operation.name, binding);
    if (!actual.has(key)) return fail(`operation ${operation.name} in the ${binding} binding`, 'no such operation in the published WSDL');
    const { missing, unexpected } = diffFacts(expected.get(key), actual.get(key));
    if (!missing.length && !unexpected.length) return pass;
    const first = missing.length ? missing[0] : unexpected[0];
    return fail(
      missing.length ? excerpt(first, 220) : 'only what the contracts describe',
      `${missing.length ? `a WSDL without it` : excerpt(first, 220)} (${missing.length} missing, ${unexpected.length} unexpected)`,
    );
  },
};
