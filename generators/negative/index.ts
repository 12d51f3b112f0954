// Every negative case, by ID. A negative check in validators/checks/ names the case it judges.
import type { NegativeCase } from './variant.ts';
import type { OperationContract } from '../../contracts/operations.ts';
import type { BindingId } from '../../contracts/bindings.ts';
import { signatureOverOtherValues, signatureUnderOtherCasing, signatureWithOtherKey, wrongSignature } from './signature.ts';
import { malformedTotp, staleTotp, wrongTotp } from './totp.ts';
import { deniedCaller } from './callerIp.ts';
import { carrierOutOfRange, missingParameter, parameterInOtherNamespace, parameterUnderOtherCasing, wrongType } from './parameters.ts';
import { entityBomb, externalEntity, malformedXml, soap11EnvelopeAsSoap12, wrongContentType, wrongSoapAction } from './protocol.ts';

export const NEGATIVE_CASES: readonly NegativeCase[] = [
  wrongSignature,
  signatureWithOtherKey,
  signatureOverOtherValues,
  signatureUnderOtherCasing,
  wrongTotp,
  staleTotp,
  malformedTotp,
  deniedCaller,
  parameterUnderOtherCasing,
  parameterInOtherNamespace,
  missingParameter,
  wrongType,
  carrierOutOfRange,
  wrongSoapAction,
  wrongContentType,
  soap11EnvelopeAsSoap12,
  malformedXml,
  externalEntity,
  entityBomb,
];

export const NEGATIVE_CASE_BY_ID: ReadonlyMap<string, NegativeCase> = new Map(NEGATIVE_CASES.map((c) => [c.id, c]));

/** Whether a negative case applies to this operation and binding (structure only, not configuration). */
export function negativeCaseApplies(id: string, op: OperationContract, binding: BindingId): boolean {
  const c = NEGATIVE_CASE_BY_ID.get(id);
  if (!c) throw new Error(`unknown negative case ${id}`);
  return c.applies(op, binding) === true;
}
