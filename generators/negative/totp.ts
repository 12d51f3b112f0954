// TOTP codes GetIPUser must refuse (spec §5.3; parameters from the profile, §5.9): a wrong code,
// a code from far outside the window, and a malformed code.
import { totpCode } from '../totp.ts';
import { withValue, type NegativeCase } from './variant.ts';

const totpOnly = (op: { name: string; auth: { kind: string } }): true | string => (op.auth.kind === 'totp' ? true : `${op.name} has no TOTP`);
const param = (ctx: { operation: { auth: { kind: string; param?: string } } }) => (ctx.operation.auth as { param: string }).param;

export const wrongTotp: NegativeCase = {
  id: 'wrong-totp',
  applies: totpOnly,
  build(ctx) {
    const current = totpCode(ctx.profile.totp, ctx.clock);
    // Another code of the right form: the current one with its last digit changed.
    const wrong = current.slice(0, -1) + String((Number(current.at(-1)) + 5) % 10);
    return { params: withValue(ctx.params, param(ctx), wrong) };
  },
};

export const staleTotp: NegativeCase = {
  id: 'stale-totp',
  applies: totpOnly,
  // Ten steps back: valid once, far outside any tolerance a TOTP check allows.
  build: (ctx) => ({ params: withValue(ctx.params, param(ctx), totpCode(ctx.profile.totp, ctx.clock, -10)) }),
};

export const malformedTotp: NegativeCase = {
  id: 'malformed-totp',
  applies: totpOnly,
  build: (ctx) => ({ params: withValue(ctx.params, param(ctx), 'abc' + '1'.repeat(ctx.profile.totp.digits - 3)) }),
};
