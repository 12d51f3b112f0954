// Authentication of the reference (BEHAVIOUR.md, "Authentication (checked before anything else,
// in this order)"). Each check answers the failure result, or undefined when the call may proceed.
import { timeSpanParam, type OperationContract } from '../contracts/operations.ts';
import type { Clock } from '../generators/clock.ts';
import { sign } from '../generators/signature.ts';
import { parseTimeSpan } from '../generators/timeSpan.ts';
import { totpValid } from '../generators/totp.ts';
import type { ReferenceProfile } from './profile.ts';
import { FAILURE, failure } from './results.ts';
import { argText, type Args, type CallContext } from './webMethod.ts';

export interface AuthSettings {
  readonly profile: ReferenceProfile;
  readonly clock: Clock;
}

export function authenticate(op: OperationContract, args: Args, ctx: CallContext, s: AuthSettings): string | undefined {
  switch (op.auth.kind) {
    case 'signature':
      return checkSiteId(args, s) ?? checkTimeSpan(op, args, s) ?? checkSignature(op, op.auth.param, args, s);
    case 'totp':
      return checkSiteId(args, s) ?? (totpValid(s.profile.totp, s.clock, argText(args, op.auth.param)) ? undefined : failure(FAILURE.totpInvalid));
    case 'callerIp':
      return s.profile.allowedCallers.includes(ctx.callerIp) ? undefined : failure(FAILURE.callerNotAllowed);
    case 'none':
      return undefined;
  }
}

const checkSiteId = (args: Args, s: AuthSettings): string | undefined =>
  argText(args, 'SiteID') === s.profile.siteId ? undefined : failure(FAILURE.unknownSiteId);

/** The TimeSpan must parse in the profile's format and lie within the window, either side of now. */
function checkTimeSpan(op: OperationContract, args: Args, s: AuthSettings): string | undefined {
  const param = timeSpanParam(op);
  const sent = param ? parseTimeSpan(argText(args, param.name), s.profile.timeSpan) : undefined;
  const withinWindow = sent !== undefined && Math.abs(s.clock() - sent) <= s.profile.timeSpan.windowSeconds * 1000;
  return withinWindow ? undefined : failure(FAILURE.timeSpanInvalid);
}

/** Recipe parameters in order (missing ones empty) + sharedKey, hashed; compared case-insensitively. */
function checkSignature(op: OperationContract, signatureParam: string, args: Args, s: AuthSettings): string | undefined {
  const recipe = s.profile.signatures[op.name];
  if (!recipe) return failure(FAILURE.signatureMismatch);
  const values = new Map(recipe.params.map((name) => [name, argText(args, name)]));
  const expected = sign(recipe, values, s.profile.sharedKey);
  return expected.toLowerCase() === argText(args, signatureParam).toLowerCase() ? undefined : failure(FAILURE.signatureMismatch);
}
