// Adds the authentication parameters to a case at send time: SiteID, TimeSpan and the signature
// (spec §5.1, §5.2, profile for §5.6 and §5.7), or SiteID and a TOTP code (§5.3).
import type { OperationContract } from '../contracts/operations.ts';
import type { BindingId } from '../contracts/bindings.ts';
import { BINDINGS } from '../contracts/bindings.ts';
import type { Profile } from '../config/profile.ts';
import type { ParamValue } from '../bindings/encode.ts';
import type { Clock } from './clock.ts';
import type { RequestCase } from './requestCase.ts';
import { timeSpanNow } from './timeSpan.ts';
import { sign } from './signature.ts';
import { totpCode } from './totp.ts';

/** The parameters of a case, in SOAP order, with text in the binding's lexical form. */
export function authenticatedParams(op: OperationContract, binding: BindingId, c: RequestCase, profile: Profile, clock: Clock): ParamValue[] {
  const lexical = BINDINGS[binding].lexical;
  const values = new Map<string, string>();
  for (const p of op.params) {
    const v = c.values[p.name];
    if (v) values.set(p.name, lexical === 'xsd' ? v.soap : v.http);
  }
  for (const p of op.params) {
    if (p.role === 'siteId') values.set(p.name, profile.siteId);
    if (p.role === 'timeSpan') values.set(p.name, timeSpanNow(clock, profile.timeSpan));
    if (p.role === 'totp') values.set(p.name, totpCode(profile.totp, clock));
  }
  if (op.auth.kind === 'signature') {
    const recipe = profile.signatures.get(op.name);
    if (!recipe) throw new Error(`no signature recipe for ${op.name}`);
    values.set(op.auth.param, sign(recipe, values, profile.sharedKey));
  }
  return op.params.map((p) => ({ name: p.name, text: values.get(p.name) ?? '' }));
}
