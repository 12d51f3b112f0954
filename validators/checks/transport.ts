// Did the target answer, and with HTTP 200? (spec §4.1 response column, §7.1)
import { BINDINGS } from '../../contracts/bindings.ts';
import { requestFormRequirements } from '../../contracts/requirements.ts';
import { fail, pass, perBinding, type ExchangeCheck } from '../check.ts';

export const checkTargetAnswersInTime: ExchangeCheck = {
  scope: 'exchange',
  id: 'checkTargetAnswersInTime',
  title: 'The target answers every request completely, within the timeout and the size cap',
  level: 'MUST',
  requirements: (op, b) => [...perBinding('REQUEST')(op, b), 'IF-7.1-HTTP-200'],
  appliesTo: () => true,
  run({ exchange }) {
    if (exchange.error?.code === 'BAD_CONTENT_CODING') return fail('a body in the content coding its Content-Encoding names', exchange.error.message);
    if (exchange.error) return fail('a complete HTTP response', `no response: ${exchange.error.message}`);
    if (exchange.response?.truncated) return fail('a response within the size cap', `a body longer than ${exchange.response.body.length} bytes (cut there)`);
    return pass;
  },
};

export const checkResponseStatusIs200: ExchangeCheck = {
  scope: 'exchange',
  id: 'checkResponseStatusIs200',
  title: 'A well-formed request is answered with HTTP 200',
  level: 'MUST',
  requirements: (op, b) => {
    // A SOAP 1.1 request that is refused is most often refused for its SOAPAction (notes).
    const extra = b === 'soap11' ? ['IF-4.1-SOAP11-ACTION', op.endpoint === 'net' ? 'IF-4.1-NS-NET' : 'IF-4.1-NS-BWC'] : [];
    // "Such a request is accepted" (§4.1, request column): acceptance is what the status shows.
    return [...perBinding('STATUS')(op, b), ...perBinding('REQUEST')(op, b), 'IF-7.1-HTTP-200', ...requestFormRequirements(op), op.endpoint === 'net' ? 'IF-4.1-PATH-NET' : 'IF-4.1-PATH-BWC', ...extra];
  },
  appliesTo: () => true,
  run({ exchange, view, binding }) {
    const res = exchange.response;
    if (!res) return { verdict: 'not-applicable', reason: 'no response' };
    if (res.status === 200) return pass;
    const t = view.text;
    const body = t.ok ? t.text.replace(/\s+/g, ' ').slice(0, 200) : '';
    return fail(`HTTP 200 for a valid ${BINDINGS[binding].title} request`, `HTTP ${res.status}${body ? `: ${body}` : ''}`);
  },
};
