// The business behaviour of the 20 operations (reference/BEHAVIOUR.md, "State" and "Per
// operation"), written as ASMX WebMethods: typed arguments in, a result string out. Nothing here
// knows about the wire. State belongs to one service instance and starts from the profile's
// fixtures; every call runs to completion synchronously, so concurrent requests never interleave.
import type { OperationContract } from '../contracts/operations.ts';
import type { Clock } from '../generators/clock.ts';
import { authenticate } from './auth.ts';
import type { Deviation } from './deviation.ts';
import type { ReferenceProfile } from './profile.ts';
import { FAILURE, codeMessage, failure, invalidParameter, success } from './results.ts';
import { argNumber, argText, type Args, type CallContext, type WebMethodInvoker } from './webMethod.ts';

interface OnlineDevice {
  readonly Account: string;
  readonly IPAddress: string;
  readonly MACAddress: string;
}

/** BEHAVIOUR.md, State (reset when the process starts: here, when the service is created). */
class ReferenceState {
  /** Identity store: user i has uids[i] and accounts[i]. */
  readonly uids: readonly string[];
  readonly accounts: readonly string[];
  readonly billing: Set<string>;
  readonly availability = new Map<string, string>();
  online: OnlineDevice[];
  readonly carrierPasswords: ReadonlyMap<string, string>;
  readonly carrierBinding = new Map<string, string>();
  readonly productByUid = new Map<string, string>();
  readonly carrierLog = new Map<string, string>();

  constructor(readonly profile: ReferenceProfile) {
    const f = profile.fixtures;
    this.uids = [...f.uids];
    this.accounts = [...f.accounts];
    this.billing = new Set(f.uids);
    for (const a of f.accounts) this.availability.set(a, '1');
    const devices = Math.min(f.accounts.length, f.ips.length, f.macs.length);
    this.online = Array.from({ length: devices }, (_, i) => ({ Account: f.accounts[i], IPAddress: f.ips[i], MACAddress: f.macs[i] }));
    this.carrierPasswords = new Map(f.carrierAccounts.map((c) => [c.username, c.password]));
    for (const u of f.uids) this.productByUid.set(u, '1');
  }

  /** Known by Account: in the identity store. */
  knownAccount = (account: string): boolean => this.accounts.includes(account);

  /** Known by UID: in the identity store or in the billing system. */
  knownUid = (uid: string): boolean => this.uids.includes(uid) || this.billing.has(uid);

  uidOfAccount(account: string): string | null {
    const i = this.accounts.indexOf(account);
    return i >= 0 && i < this.uids.length ? this.uids[i] : null;
  }

  productOf = (uid: string | null): string => (uid !== null && this.productByUid.get(uid)) || '1';

  carrierWorks = (username: string, password: string): boolean => this.carrierPasswords.get(username) === password;
}

type Behaviour = (args: Args, state: ReferenceState) => string;

/** First parameter (in the given order) whose value is negative or NaN, for the 1006 message. */
const firstInvalidAmount = (args: Args, names: readonly string[]): string | undefined =>
  names.find((name) => {
    const v = argNumber(args, name);
    return Number.isNaN(v) || v < 0;
  });

const amountsReceived = (args: Args, names: readonly string[]): string => {
  const bad = firstInvalidAmount(args, names);
  return bad ? invalidParameter(bad) : codeMessage(0, 'received');
};

// GetIPUser: `Time` is `yyyy-M-d H:m:s` (spec §4.2: month and day without leading zeros).
const LOG_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2}) (\d{1,2}):(\d{1,2}):(\d{1,2})$/;

function validLogTime(time: string): boolean {
  const m = LOG_TIME.exec(time);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
}

interface LogQuery {
  readonly IP: string;
  readonly Time: string;
}

/** `data` as a JSON array of objects with string IP and Time, or undefined (BEHAVIOUR.md). */
function parseLogQuery(data: string | null): LogQuery[] | undefined {
  let parsed: unknown;
  try {
    parsed = data === null ? undefined : JSON.parse(data);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;
  const valid = parsed.every(
    (o: unknown) =>
      typeof o === 'object' && o !== null && !Array.isArray(o) && typeof (o as LogQuery).IP === 'string' && typeof (o as LogQuery).Time === 'string' && validLogTime((o as LogQuery).Time),
  );
  return valid ? (parsed as LogQuery[]) : undefined;
}

const BEHAVIOURS: Readonly<Record<string, Behaviour>> = {
  UserOffLine(a, st) {
    const account = argText(a, 'Account');
    const ip = argText(a, 'IPAddress');
    if (!st.knownAccount(account)) return failure(FAILURE.userNotFound);
    st.online = st.online.filter((d) => !(d.Account === account && (ip === '' || d.IPAddress === ip)));
    return codeMessage(0, 'offline');
  },

  GetIPUser(a, st) {
    const items = parseLogQuery(a.get('data') as string | null);
    if (!items) return invalidParameter('data');
    const accountAt = (ip: string) => st.online.find((d) => d.IPAddress === ip)?.Account ?? null;
    return JSON.stringify(items.map((q) => ({ IP: q.IP, Time: q.Time, Account: accountAt(q.IP) })));
  },

  BindTelecomNet(a, st) {
    const uid = argText(a, 'uid');
    const user = argText(a, 'netUsername');
    if (!st.knownUid(uid)) return failure(FAILURE.userNotFound);
    if (!st.profile.fixtures.actions.includes(argNumber(a, 'action'))) return invalidParameter('action');
    if (!st.carrierWorks(user, argText(a, 'netPassword'))) return failure(FAILURE.carrierAuthFailed);
    st.carrierBinding.set(uid, user);
    st.productByUid.set(uid, 'telecom');
    st.carrierLog.set(uid, user);
    return codeMessage(0, 'bound');
  },

  GetOnlineEquipmentList(a, st) {
    const [account, ip, mac] = ['Account', 'IPAddress', 'MACAddress'].map((n) => argText(a, n));
    if (account === '' && ip === '' && mac === '') return invalidParameter('Account');
    const matches = st.online.filter(
      (d) => (account !== '' && d.Account === account) || (ip !== '' && d.IPAddress === ip) || (mac !== '' && d.MACAddress.toLowerCase() === mac.toLowerCase()),
    );
    return JSON.stringify(matches.map((d) => ({ Account: d.Account, IPAddress: d.IPAddress, MACAddress: d.MACAddress })));
  },

  SendIntranetMail: (a, st) => (st.knownUid(argText(a, 'ToUID')) ? codeMessage(0, 'sent') : failure(FAILURE.userNotFound)),

  ActiveCampusAccount(a, st) {
    const carrier = argNumber(a, '运营商');
    if (![1, 2, 3].includes(carrier)) return invalidParameter('运营商');
    st.billing.add(argText(a, 'UID'));
    return 'ok';
  },

  UploadNetUserNumber: (a) => amountsReceived(a, ['Telecom', 'Unicom', 'MobileCarrier']),

  GetUserPackages(a, st) {
    const uid = argText(a, 'UID');
    if (!st.knownUid(uid)) return failure(FAILURE.userNotFound);
    const carrier = st.carrierBinding.get(uid) ?? null;
    return success({ data: { UID: uid, product: st.productOf(uid), packages: [{ name: 'campus-basic', carrier }] } });
  },

  BindBYSTelecomNet(a, st) {
    const uid = argText(a, 'uid');
    if (!st.knownUid(uid)) return failure(FAILURE.userNotFound);
    st.productByUid.set(uid, 'telecom-2');
    return codeMessage(0, 'bound');
  },

  SearchCampusUser: (a, st) => success({ exists: st.billing.has(argText(a, 'UID')) }),

  SetUser_Avaliable(a, st) {
    const account = argText(a, 'Account');
    const value = argText(a, 'avaliable');
    if (!st.knownAccount(account)) return failure(FAILURE.userNotFound);
    if (!st.profile.fixtures.availability.includes(value)) return invalidParameter('avaliable');
    st.availability.set(account, value);
    return codeMessage(0, 'updated');
  },

  TryTelecomNetAAA: (a, st) =>
    st.carrierWorks(argText(a, 'netUsername'), argText(a, 'netPassword')) ? codeMessage(0, 'carrier account works') : failure(FAILURE.carrierAuthFailed),

  GetUserInfo(a, st) {
    const account = argText(a, 'Account');
    if (!st.knownAccount(account)) return failure(FAILURE.userNotFound);
    const uid = st.uidOfAccount(account);
    return success({ data: { Account: account, UID: uid, available: st.availability.get(account) ?? '1', product: st.productOf(uid) } });
  },

  DeleteUser(a, st) {
    const uid = argText(a, 'UID');
    if (!st.billing.delete(uid)) return failure(FAILURE.userNotFound);
    return 'ok';
  },

  GetUserOnlineInfo(a, st) {
    const account = argText(a, 'Account');
    if (!st.knownAccount(account)) return failure(FAILURE.userNotFound);
    const devices = st.online.filter((d) => d.Account === account).map((d) => ({ IPAddress: d.IPAddress, MACAddress: d.MACAddress }));
    return success({ data: devices });
  },

  UpdateIPv46Traffic: (a) => amountsReceived(a, ['v4下行流量', 'v4上行流量', 'v6下行流量', 'v6上行流量']),

  BindTest(a, st) {
    if (!st.knownUid(argText(a, 'UID'))) return failure(FAILURE.userNotFound);
    if (!st.profile.fixtures.actions.includes(argNumber(a, 'action'))) return invalidParameter('action');
    return codeMessage(0, 'bind test passed');
  },

  GetUserProductFromLog(a, st) {
    const uid = argText(a, 'uid');
    const netUsername = st.carrierLog.get(uid);
    if (netUsername === undefined) return failure(FAILURE.userNotFound);
    // Product is echoed as sent: null when the caller left it out.
    return success({ data: { uid, Product: a.get('Product') ?? null, netUsername } });
  },

  UpdateADUser(a, st) {
    const uid = argText(a, 'UID');
    const productId = argNumber(a, 'ProductID');
    if (!st.knownUid(uid)) return failure(FAILURE.userNotFound);
    if (!st.profile.fixtures.productIds.includes(productId)) return invalidParameter('ProductID');
    st.productByUid.set(uid, String(productId));
    return codeMessage(0, 'updated');
  },

  SyncPhotoFromSourceToTarget: () => codeMessage(0, 'synchronised'),
};

/**
 * The reference's WebMethods for one server instance: authentication first (BEHAVIOUR.md), then
 * the operation's behaviour on this instance's state.
 */
export function createReferenceService(profile: ReferenceProfile, clock: Clock, deviation: Deviation = {}): WebMethodInvoker {
  const state = new ReferenceState(profile);
  const unverified = new Set(deviation.unverified ?? []);
  return (op: OperationContract, args: Args, ctx: CallContext): string | null => {
    const behaviour = BEHAVIOURS[op.name];
    if (!behaviour) throw new Error(`no behaviour for operation ${op.name}`);
    // A deviation may forget one kind of authentication (defect catalog).
    const kind = op.auth.kind === 'signature' ? 'signature' : op.auth.kind === 'totp' ? 'totp' : op.auth.kind === 'callerIp' ? 'callerIp' : undefined;
    const refused = kind && unverified.has(kind) ? undefined : authenticate(op, args, ctx, { profile, clock });
    const result = refused ?? behaviour(args, state);
    return deviation.result ? deviation.result(op.name, result, args) : result;
  };
}
