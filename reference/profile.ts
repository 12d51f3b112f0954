// The profile a reference implementation enforces, as the JSON both references read
// (reference/BEHAVIOUR.md). Built from the suite's own profile so that suite and reference agree.
import type { Fixtures, Profile, SignatureRecipe } from '../config/profile.ts';

export interface ReferenceProfile {
  siteId: string;
  sharedKey: string;
  totp: Profile['totp'];
  timeSpan: Profile['timeSpan'];
  signatures: Record<string, Pick<SignatureRecipe, 'params' | 'hash' | 'hexCase'>>;
  fixtures: Fixtures;
  allowedCallers: string[];
  securityOfficeNamespace: string;
}

export function referenceProfile(profile: Profile, securityOfficeNamespace: string): ReferenceProfile {
  const signatures: ReferenceProfile['signatures'] = {};
  for (const [op, s] of profile.signatures) signatures[op] = { params: [...s.params], hash: s.hash, hexCase: s.hexCase };
  return {
    siteId: profile.siteId,
    sharedKey: profile.sharedKey,
    totp: profile.totp,
    timeSpan: profile.timeSpan,
    signatures,
    fixtures: profile.fixtures,
    // Without an ipCheck source configured, the suite sends from the default loopback address.
    allowedCallers: [profile.ipCheck.allowedSource ?? '127.0.0.1'],
    securityOfficeNamespace,
  };
}
