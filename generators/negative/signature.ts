// Signatures that must be refused (spec §5.1, §5.2; profile for §5.6): a wrong one, one made with
// another key, one over other values than those sent, and the signature under another casing.
import { isSoap } from '../../contracts/bindings.ts';
import { principalParam, type OperationContract } from '../../contracts/operations.ts';
import { sign } from '../signature.ts';
import { renamed, valueOf, withValue, type NegativeCase, type VariantContext } from './variant.ts';

const signedOnly = (op: OperationContract): true | string => (op.auth.kind === 'signature' ? true : `${op.name} is not signed`);
const sigParam = (op: OperationContract): string => (op.auth.kind === 'signature' ? op.auth.param : '');

/** The signature the profile gives for these parameter values, with another key. */
function signedWith(ctx: VariantContext, values: Map<string, string>, key: string): string {
  const recipe = ctx.profile.signatures.get(ctx.operation.name)!;
  return sign(recipe, values, key);
}

const valueMap = (ctx: VariantContext) => new Map(ctx.params.map((p) => [p.name, p.text]));

export const wrongSignature: NegativeCase = {
  id: 'wrong-signature',
  applies: signedOnly,
  build(ctx) {
    const sig = valueOf(ctx.params, sigParam(ctx.operation));
    // One hex digit changed: as close to the right signature as a wrong one gets.
    const flipped = (sig[0] === '0' ? '1' : '0') + sig.slice(1);
    return { params: withValue(ctx.params, sigParam(ctx.operation), flipped) };
  },
};

export const signatureWithOtherKey: NegativeCase = {
  id: 'signature-other-key',
  applies: signedOnly,
  build: (ctx) => ({ params: withValue(ctx.params, sigParam(ctx.operation), signedWith(ctx, valueMap(ctx), `${ctx.profile.sharedKey}-other`)) }),
};

export const signatureOverOtherValues: NegativeCase = {
  id: 'signature-other-values',
  applies: (op) => (op.auth.kind !== 'signature' ? `${op.name} is not signed` : principalParam(op) ? true : `${op.name} has no principal parameter`),
  build(ctx) {
    // Signed for another principal than the one sent: a replayed or forged signature.
    const principal = principalParam(ctx.operation)!.name;
    const values = valueMap(ctx);
    values.set(principal, `${values.get(principal) ?? ''}-other`);
    return { params: withValue(ctx.params, sigParam(ctx.operation), signedWith(ctx, values, ctx.profile.sharedKey)) };
  },
};

/** `signtext` ↔ `SignText` (§4.1 rule 3); `signText` (BindTest) becomes `SignText`. */
export const otherCasing = (name: string): string => (name === 'SignText' ? 'signtext' : name === 'signtext' ? 'SignText' : name === 'signText' ? 'SignText' : name.toLowerCase() === name ? name.toUpperCase() : name.toLowerCase());

export const signatureUnderOtherCasing: NegativeCase = {
  id: 'signature-other-casing',
  applies: (op, binding) =>
    op.auth.kind !== 'signature'
      ? `${op.name} is not signed`
      : isSoap(binding)
        ? true
        : 'HTTP GET/POST match parameter names regardless of case on ASMX (notes), so another casing is the same parameter',
  build: (ctx) => ({ params: renamed(ctx.params, sigParam(ctx.operation), otherCasing(sigParam(ctx.operation))) }),
};
