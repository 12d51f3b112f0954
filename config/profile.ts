// The profile: how the gaps of the spec are filled. Every default for what the spec leaves open
// lives in this file, and `assumptionsInForce` names them for the reports (DESIGN.md, profiles).
import { OPERATIONS, principalParam, timeSpanParam, type OperationContract } from '../contracts/operations.ts';
import type { BindingId } from '../contracts/bindings.ts';
import type { ConfigFile } from './schema.ts';

export type HashName = 'md5' | 'sha1' | 'sha256';

export interface SignatureRecipe {
  readonly params: readonly string[];
  readonly hash: HashName;
  readonly hexCase: 'lower' | 'upper';
  /** Where the recipe comes from: the spec (§5.2), the profile default, or the configuration. */
  readonly source: 'spec' | 'default' | 'config';
}

export interface CarrierAccount {
  readonly username: string;
  readonly password: string;
}

export interface Fixtures {
  readonly accounts: readonly string[];
  readonly uids: readonly string[];
  readonly carrierAccounts: readonly CarrierAccount[];
  readonly ips: readonly string[];
  readonly macs: readonly string[];
  readonly mobiles: readonly string[];
  readonly actions: readonly number[];
  readonly availability: readonly string[];
  readonly products: readonly string[];
  readonly productIds: readonly number[];
}

export interface Profile {
  readonly siteId: string;
  readonly sharedKey: string;
  readonly totp: { readonly secret: string; readonly digits: 6 | 7 | 8; readonly period: number; readonly algorithm: 'sha1' | 'sha256' | 'sha512' };
  readonly timeSpan: { readonly format: string; readonly utcOffsetMinutes: number; readonly windowSeconds: number };
  readonly signatures: ReadonlyMap<string, SignatureRecipe>;
  readonly fixtures: Fixtures;
  readonly ipCheck: { readonly allowedSource?: string; readonly deniedSource?: string };
}

/**
 * Defaults for the embedded reference. They are not secrets of any real deployment; a real
 * target gets its own through the configuration (with ${ENV_VAR} for the secrets).
 */
export const DEFAULT_SITE_ID = 'conformance-site';
export const DEFAULT_SHARED_KEY = 'reference-shared-key-0001';
export const DEFAULT_TOTP_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

export const DEFAULT_FIXTURES: Fixtures = {
  accounts: ['student001', 'student002', 'staff003'],
  uids: ['20260001', '20260002', '20260003'],
  carrierAccounts: [
    { username: 'tel-0001', password: 'carrier-secret-0001' },
    { username: 'tel-0002', password: 'carrier-secret-0002' },
  ],
  ips: ['10.20.30.40', '10.20.30.41', '2001:db8::17'],
  macs: ['00-1A-2B-3C-4D-5E', '00-1A-2B-3C-4D-5F'],
  mobiles: ['13800138000', '13900139000'],
  actions: [0, 1],
  availability: ['0', '1'],
  products: ['1', '2', '3'],
  productIds: [1, 2, 3],
};

/** §5.2 gives SendIntranetMail's recipe; §5.6 leaves the others open. */
export function specRecipe(op: OperationContract): SignatureRecipe | undefined {
  if (op.auth.kind === 'signature' && op.auth.recipeFromSpec) {
    return { params: ['SiteID', 'TimeSpan', 'ToUID'], hash: 'md5', hexCase: 'lower', source: 'spec' };
  }
  return undefined;
}

/** Profile default: lowercase hex MD5 of SiteID + TimeSpan + the principal parameter + Key. */
export function defaultRecipeParams(op: OperationContract): string[] {
  const ts = timeSpanParam(op);
  const principal = principalParam(op);
  return ['SiteID', ...(ts ? [ts.name] : []), ...(principal ? [principal.name] : [])];
}

export function resolveSignatures(cfg: ConfigFile['signature']): Map<string, SignatureRecipe> {
  const out = new Map<string, SignatureRecipe>();
  for (const op of OPERATIONS) {
    if (op.auth.kind !== 'signature') continue;
    const fromSpec = specRecipe(op);
    if (fromSpec) {
      out.set(op.name, fromSpec);
      continue;
    }
    const own = cfg?.operations?.[op.name];
    const def = cfg?.default;
    out.set(op.name, {
      params: own?.params ?? def?.params ?? defaultRecipeParams(op),
      hash: own?.hash ?? def?.hash ?? 'md5',
      hexCase: own?.hexCase ?? def?.hexCase ?? 'lower',
      source: own || def ? 'config' : 'default',
    });
  }
  return out;
}

export function resolveProfile(cfg: ConfigFile): Profile {
  const f = cfg.fixtures ?? {};
  return {
    siteId: cfg.siteId ?? DEFAULT_SITE_ID,
    sharedKey: cfg.sharedKey ?? DEFAULT_SHARED_KEY,
    totp: {
      secret: (cfg.totp?.secret ?? DEFAULT_TOTP_SECRET).toUpperCase(),
      digits: cfg.totp?.digits ?? 6,
      period: cfg.totp?.period ?? 30,
      algorithm: cfg.totp?.algorithm ?? 'sha1',
    },
    timeSpan: {
      format: cfg.timeSpan?.format ?? 'unix-seconds',
      utcOffsetMinutes: cfg.timeSpan?.utcOffsetMinutes ?? 0,
      windowSeconds: cfg.timeSpan?.windowSeconds ?? 300,
    },
    signatures: resolveSignatures(cfg.signature),
    fixtures: {
      accounts: f.accounts ?? DEFAULT_FIXTURES.accounts,
      uids: f.uids ?? DEFAULT_FIXTURES.uids,
      carrierAccounts: f.carrierAccounts ?? DEFAULT_FIXTURES.carrierAccounts,
      ips: f.ips ?? DEFAULT_FIXTURES.ips,
      macs: f.macs ?? DEFAULT_FIXTURES.macs,
      mobiles: f.mobiles ?? DEFAULT_FIXTURES.mobiles,
      actions: f.actions ?? DEFAULT_FIXTURES.actions,
      availability: f.availability ?? DEFAULT_FIXTURES.availability,
      products: f.products ?? DEFAULT_FIXTURES.products,
      productIds: f.productIds ?? DEFAULT_FIXTURES.productIds,
    },
    ipCheck: { ...cfg.ipCheck },
  };
}

/** The assumptions a report must name: every gap of the spec and how this run fills it. */
export function assumptionsInForce(profile: Profile, cfg: ConfigFile): { requirement: string; setting: string; value: string; isDefault: boolean }[] {
  const sigs = [...profile.signatures.entries()].filter(([, s]) => s.source !== 'spec');
  const sigDefault = sigs.every(([, s]) => s.source === 'default');
  const describe = (s: SignatureRecipe) => `${s.hexCase}case hex ${s.hash.toUpperCase()}(${[...s.params, 'Key'].join(' + ')})`;
  return [
    {
      requirement: 'IF-5.6-SIGNATURE',
      setting: 'signature',
      value: sigDefault
        ? 'every signature is lowercase hex MD5 of SiteID + TimeSpan + the principal parameter (Account, UID, uid; netUsername for TryTelecomNetAAA) + Key'
        : sigs.map(([op, s]) => `${op}: ${describe(s)}`).join('; '),
      isDefault: sigDefault,
    },
    {
      requirement: 'IF-5.7-TIMESPAN',
      setting: 'timeSpan.format',
      value: `${profile.timeSpan.format}${/^unix/.test(profile.timeSpan.format) ? '' : ` (UTC${profile.timeSpan.utcOffsetMinutes >= 0 ? '+' : ''}${profile.timeSpan.utcOffsetMinutes / 60})`}`,
      isDefault: cfg.timeSpan?.format === undefined,
    },
    {
      requirement: 'IF-5.9-TOTP',
      setting: 'totp',
      value: `${profile.totp.algorithm.toUpperCase()}, ${profile.totp.digits} digits, ${profile.totp.period} s`,
      isDefault: cfg.totp?.algorithm === undefined && cfg.totp?.digits === undefined && cfg.totp?.period === undefined,
    },
    {
      requirement: 'IF-4.4-ACTION',
      setting: 'fixtures.actions',
      value: profile.fixtures.actions.join(', '),
      isDefault: cfg.fixtures?.actions === undefined,
    },
    {
      requirement: 'IF-4.4-AVALIABLE',
      setting: 'fixtures.availability',
      value: profile.fixtures.availability.join(', '),
      isDefault: cfg.fixtures?.availability === undefined,
    },
    {
      requirement: 'IF-4.4-PRODUCT',
      setting: 'fixtures.products',
      value: profile.fixtures.products.join(', '),
      isDefault: cfg.fixtures?.products === undefined,
    },
    {
      requirement: 'IF-4.4-PRODUCTID',
      setting: 'fixtures.productIds',
      value: profile.fixtures.productIds.join(', '),
      isDefault: cfg.fixtures?.productIds === undefined,
    },
    {
      requirement: 'IF-5.8-ISSUANCE',
      setting: 'ipCheck',
      value: profile.ipCheck.allowedSource ? `send from ${profile.ipCheck.allowedSource}` : 'send from the default local address',
      isDefault: !profile.ipCheck.allowedSource,
    },
  ];
}

export type { BindingId };
