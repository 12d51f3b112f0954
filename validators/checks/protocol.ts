// Requests no binding accepts (SHOULD: what SOAP and the platform imply, spec §7.5 leaves the
// failure form open): the answer is an error status or a fault in the binding's form, never a
// success result, never an expanded entity or a file's content, and it comes within the timeout.
import { isSoap } from '../../contracts/bindings.ts';
import { ENTITY_MARKER } from '../../generators/negative/protocol.ts';
import { negativeCaseApplies } from '../../generators/negative/index.ts';
import { elementChildren } from '../xml.ts';
import { excerpt, fail, pass, perBinding, type NegativeCheck, type NegativeCheckContext, type Outcome } from '../check.ts';

// /etc/passwd's first line on any Unix: what an external entity would have read.
const PASSWD_LINE = /root:[^:\n]*:0:0:/;

export function judgeRejected({ exchange, view, binding }: NegativeCheckContext): Outcome {
  const res = exchange.response;
  if (!res) return fail('an error answer within the timeout', `no answer: ${exchange.error?.message ?? 'none'}`);
  const text = res.body.toString('utf8');
  if (text.includes(ENTITY_MARKER)) return fail('entities left unexpanded', 'an answer holding the expanded entity');
  if (PASSWD_LINE.test(text)) return fail('no file content in the answer', 'an answer holding /etc/passwd');
  const result = view.result;
  if (res.status === 200 && result.ok) return fail('an error status or a fault', `HTTP 200 with the result "${excerpt(result.text, 80)}"`);
  if (res.status >= 400) return pass;
  const isFault = isSoap(binding) && view.soapBody && elementChildren(view.soapBody).some((e) => e.local === 'Fault');
  return isFault ? pass : fail('an error status or a fault', `HTTP ${res.status} ${excerpt(text.replace(/\s+/g, ' '), 80)}`);
}

/** A check of a negative case: it applies wherever the case does (generators/negative/). */
const rejection = (id: string, negativeCase: string, title: string, requirements: NegativeCheck['requirements']): NegativeCheck => ({
  scope: 'negative',
  id,
  negativeCase,
  title,
  level: 'SHOULD',
  requirements,
  appliesTo: (op, b) => negativeCaseApplies(negativeCase, op, b),
  run: judgeRejected,
});

export const PROTOCOL_CHECKS: readonly NegativeCheck[] = [
  rejection('checkWrongSoapActionIsRefused', 'wrong-soapaction', 'A SOAP 1.1 request with a SOAPAction naming no operation is refused', () => ['IF-4.1-SOAP11-ACTION', 'IF-7.5-FAULTS']),
  rejection('checkWrongContentTypeIsRefused', 'wrong-content-type', 'A request body under another media type is refused', (op, b) => [...perBinding('REQUEST')(op, b), 'IF-7.5-FAULTS']),
  rejection('checkSoap11EnvelopeAsSoap12IsRefused', 'soap11-envelope-as-soap12', 'A SOAP 1.1 envelope labelled application/soap+xml is refused', () => ['IF-4.1-SOAP12-REQUEST', 'IF-7.5-FAULTS']),
  rejection('checkMalformedXmlIsRefused', 'malformed-xml', 'A SOAP request that is not well-formed XML is refused', (op, b) => [...perBinding('REQUEST')(op, b), 'IF-7.5-FAULTS']),
  rejection('checkExternalEntityIsNotResolved', 'external-entity', 'A DOCTYPE with an external entity is refused and nothing is read', (op, b) => [...perBinding('REQUEST')(op, b), 'IF-7.5-FAULTS']),
  rejection('checkEntityBombIsRefused', 'entity-bomb', 'An entity-expansion bomb is refused in time, unexpanded', (op, b) => [...perBinding('REQUEST')(op, b), 'IF-7.5-FAULTS']),
];
