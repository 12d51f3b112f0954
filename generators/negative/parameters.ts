// Parameters a target must not take (spec §4.1 rules 1-4, §4.2): a parameter under another
// casing or in another namespace (SOAP only: ASMX matches GET/POST names regardless of case),
// a missing parameter, a value of the wrong type, and 运营商 outside 1, 2, 3.
import { isSoap } from '../../contracts/bindings.ts';
import { principalParam, type OperationContract, type ParamContract } from '../../contracts/operations.ts';
import { otherCasing } from './signature.ts';
import { renamed, withValue, type NegativeCase } from './variant.ts';

export const OTHER_NAMESPACE = 'urn:campusnet-conformance:other';

/**
 * Where leaving a parameter out must change the answer: its value is signed, or success is
 * documented. (Elsewhere the result is "not shown", and an unknown user may look like no user.)
 */
function principalThatMatters(op: OperationContract): ParamContract | string {
  const p = principalParam(op);
  if (!p) return `${op.name} has no user-identifying parameter`;
  if (op.auth.kind !== 'signature' && op.result.kind !== 'okOnSuccess') return `${op.name}'s result is not documented and ${p.name} is not signed, so no answer is known to be wrong`;
  return p;
}

const soapOnly = (binding: string): true | string =>
  isSoap(binding as 'soap11') ? true : 'HTTP GET/POST match parameter names regardless of case on ASMX (notes)';

export const parameterUnderOtherCasing: NegativeCase = {
  id: 'parameter-other-casing',
  applies: (op, binding) => {
    const p = principalThatMatters(op);
    return typeof p === 'string' ? p : soapOnly(binding);
  },
  build(ctx) {
    const p = principalThatMatters(ctx.operation) as ParamContract;
    return { params: renamed(ctx.params, p.name, otherCasing(p.name)) };
  },
};

export const parameterInOtherNamespace: NegativeCase = {
  id: 'parameter-other-namespace',
  applies: (op, binding) => {
    const p = principalThatMatters(op);
    return typeof p === 'string' ? p : isSoap(binding) ? true : 'GET/POST parameters have no namespace';
  },
  build(ctx) {
    const p = principalThatMatters(ctx.operation) as ParamContract;
    return { params: ctx.params, encode: { paramNamespaces: { [p.name]: OTHER_NAMESPACE } } };
  },
};

export const missingParameter: NegativeCase = {
  id: 'missing-parameter',
  applies: (op) => {
    const p = principalThatMatters(op);
    return typeof p === 'string' ? p : true;
  },
  build(ctx) {
    const p = principalThatMatters(ctx.operation) as ParamContract;
    return { params: ctx.params.filter((x) => x.name !== p.name) };
  },
};

const typed = (op: OperationContract) => op.params.find((p) => p.type !== 'string');

export const wrongType: NegativeCase = {
  id: 'wrong-type',
  applies: (op) => (typed(op) ? true : `${op.name} has only string parameters`),
  // Text where a number or a date belongs: no lexical rule of either binding reads it.
  build: (ctx) => ({ params: withValue(ctx.params, typed(ctx.operation)!.name, 'not-a-value') }),
};

export const carrierOutOfRange: NegativeCase = {
  id: 'carrier-out-of-range',
  applies: (op) => (op.params.some((p) => p.role === 'carrier') ? true : `${op.name} has no carrier parameter`),
  // §4.2: 1 = telecom, 2 = unicom, 3 = mobile; 4 is none of them.
  build: (ctx) => ({ params: withValue(ctx.params, ctx.operation.params.find((p) => p.role === 'carrier')!.name, '4') }),
};
