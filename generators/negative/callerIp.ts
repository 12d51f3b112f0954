// The caller IP check (spec §5.4): the same request sent from the configured denied source.
import type { NegativeCase } from './variant.ts';

export const deniedCaller: NegativeCase = {
  id: 'denied-caller',
  applies: (op) => (op.auth.kind === 'callerIp' ? true : `${op.name} has no caller IP check`),
  requires: (profile) => (profile.ipCheck.deniedSource ? true : 'no ipCheck.deniedSource is configured (a local address the target must refuse)'),
  build: (ctx) => ({ params: ctx.params, localAddress: ctx.profile.ipCheck.deniedSource }),
};
