// What the target must refuse (spec §4.1 rules, §4.2, §5): each check judges one negative case
// of generators/negative/ against the accepted request sent just before it. "Refused" means the
// documented success result does not come back; where the spec documents none, the result
// differs from the accepted request's (issue: signatures, TOTP, caller IP, parameters).
import type { OperationContract } from '../../contracts/operations.ts';
import { negativeCaseApplies } from '../../generators/negative/index.ts';
import type { Level } from '../../contracts/requirements.ts';
import { excerpt, fail, notApplicable, pass, type NegativeCheck, type NegativeCheckContext, type Outcome } from '../check.ts';

/** The documented success result, where the spec gives one (§4.2, §7.2, §7.3). */
function isDocumentedSuccess(op: OperationContract, text: string): boolean | undefined {
  if (op.result.kind === 'okOnSuccess') return text === 'ok';
  if (op.result.kind === 'codeMessageJson') {
    // §7.2: "code 0 is shown" as UserOffLine's answer to a request that did what it asked.
    try {
      return (JSON.parse(text) as { code?: unknown }).code === 0;
    } catch {
      return false;
    }
  }
  return undefined;
}

export function judgeRefused({ operation, baseline, exchange, view }: NegativeCheckContext): Outcome {
  if (!exchange.response) return fail('an answer refusing the request, within the timeout', `no answer: ${exchange.error?.message ?? 'none'}`);
  const got = view.result;
  if (operation.result.kind === 'okOnSuccess' || operation.result.kind === 'codeMessageJson') {
    if (got.ok && isDocumentedSuccess(operation, got.text)) return fail('the request refused (not the documented success result)', `the success result "${excerpt(got.text)}"`);
    return pass;
  }
  const accepted = baseline.view.result;
  if (!accepted.ok) return notApplicable(`the accepted request got no result to compare with (${accepted.why})`);
  if (!got.ok) return pass; // an error status, a fault, or no result: refused
  return got.text === accepted.text ? fail('a result other than the accepted request\'s', `the same result "${excerpt(got.text)}"`) : pass;
}

const signatureLevel = (op: OperationContract): Level => (op.auth.kind === 'signature' && op.auth.recipeFromSpec ? 'MUST' : 'PROFILE');
const signatureRequirements = (op: OperationContract) =>
  op.auth.kind === 'signature' && op.auth.recipeFromSpec ? ['IF-5.2-MAIL-SIGNATURE', 'IF-5.1-SIGNED'] : ['IF-5.1-SIGNED', 'IF-5.6-SIGNATURE'];

/** A documented success, or a signed principal, makes a wrong answer recognisable at MUST level. */
const parameterLevel = (op: OperationContract): Level => (op.result.kind === 'okOnSuccess' ? 'MUST' : 'PROFILE');

/** A check of a negative case: it applies wherever the case does (generators/negative/). */
function refusal(id: string, negativeCase: string, title: string, level: Level, requirements: (op: OperationContract) => string[], levelFor?: (op: OperationContract) => Level): NegativeCheck {
  return {
    scope: 'negative',
    id,
    negativeCase,
    title,
    level,
    ...(levelFor ? { levelFor } : {}),
    requirements: (op) => requirements(op),
    appliesTo: (op, b) => negativeCaseApplies(negativeCase, op, b),
    run: judgeRefused,
  };
}

export const checkWrongSignatureIsRefused = refusal('checkWrongSignatureIsRefused', 'wrong-signature', 'A request with a wrong signature is refused', 'PROFILE', signatureRequirements, signatureLevel);
export const checkSignatureWithOtherKeyIsRefused = refusal('checkSignatureWithOtherKeyIsRefused', 'signature-other-key', 'A request signed with another key is refused', 'PROFILE', signatureRequirements, signatureLevel);
export const checkSignatureOverOtherValuesIsRefused = refusal('checkSignatureOverOtherValuesIsRefused', 'signature-other-values', 'A request whose signature covers other values than those sent is refused', 'PROFILE', signatureRequirements, signatureLevel);
export const checkSignatureUnderOtherCasingIsIgnored = refusal(
  'checkSignatureUnderOtherCasingIsIgnored',
  'signature-other-casing',
  'In SOAP, the signature under another casing (SignText for signtext, and the reverse) is not taken as the signature',
  'PROFILE',
  (op) => ['IF-4.1-RULE-3', ...signatureRequirements(op)],
  signatureLevel,
);
export const checkWrongTotpIsRefused = refusal('checkWrongTotpIsRefused', 'wrong-totp', 'GetIPUser refuses a wrong TOTP code', 'MUST', () => ['IF-5.3-TOTP']);
export const checkStaleTotpIsRefused = refusal('checkStaleTotpIsRefused', 'stale-totp', 'GetIPUser refuses a TOTP code from far outside the time window', 'MUST', () => ['IF-5.3-TOTP', 'IF-5.9-TOTP']);
export const checkMalformedTotpIsRefused = refusal('checkMalformedTotpIsRefused', 'malformed-totp', 'GetIPUser refuses a malformed TOTP code', 'MUST', () => ['IF-5.3-TOTP']);
export const checkDeniedCallerIsRefused = refusal('checkDeniedCallerIsRefused', 'denied-caller', 'A caller-IP-checked operation refuses a caller from a denied address', 'MUST', () => ['IF-5.4-CALLER-IP', 'IF-5.8-ISSUANCE']);
export const checkParameterUnderOtherCasingIsIgnored = refusal(
  'checkParameterUnderOtherCasingIsIgnored',
  'parameter-other-casing',
  'In SOAP, a parameter under another casing is not taken as that parameter',
  'PROFILE',
  (op) => ['IF-4.1-RULE-3', `IF-${op.section}-${op.name}`],
  parameterLevel,
);
export const checkParameterInOtherNamespaceIsIgnored = refusal(
  'checkParameterInOtherNamespaceIsIgnored',
  'parameter-other-namespace',
  'In SOAP, a parameter in another namespace is not taken as that parameter',
  'PROFILE',
  (op) => ['IF-4.1-RULE-1', op.endpoint === 'net' ? 'IF-4.1-NS-NET' : 'IF-4.1-NS-BWC'],
  parameterLevel,
);
export const checkMissingParameterIsNotSuccess = refusal(
  'checkMissingParameterIsNotSuccess',
  'missing-parameter',
  'A request without its user-identifying parameter does not succeed',
  'PROFILE',
  (op) => ['IF-4.1-RULE-1', `IF-${op.section}-${op.name}`],
  parameterLevel,
);
export const checkWrongTypeIsNotSuccess = refusal('checkWrongTypeIsNotSuccess', 'wrong-type', 'A value of the wrong type does not succeed', 'MUST', () => ['IF-4.1-RULE-2']);
export const checkCarrierOutOfRangeIsNotSuccess = refusal(
  'checkCarrierOutOfRangeIsNotSuccess',
  'carrier-out-of-range',
  'ActiveCampusAccount does not succeed for a carrier other than 1, 2 or 3',
  'MUST',
  () => ['IF-4.2-ActiveCampusAccount-CARRIER'],
);

export const REFUSAL_CHECKS: readonly NegativeCheck[] = [
  checkWrongSignatureIsRefused,
  checkSignatureWithOtherKeyIsRefused,
  checkSignatureOverOtherValuesIsRefused,
  checkSignatureUnderOtherCasingIsIgnored,
  checkWrongTotpIsRefused,
  checkStaleTotpIsRefused,
  checkMalformedTotpIsRefused,
  checkDeniedCallerIsRefused,
  checkParameterUnderOtherCasingIsIgnored,
  checkParameterInOtherNamespaceIsIgnored,
  checkMissingParameterIsNotSuccess,
  checkWrongTypeIsNotSuccess,
  checkCarrierOutOfRangeIsNotSuccess,
];
