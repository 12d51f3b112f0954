// A request case for one operation: a value for every parameter the caller chooses, in both
// lexical families, so the same case can go out over all four bindings. Authentication values
// (SiteID, TimeSpan, signature, TOTP) are not generated here: `authenticate` adds them at send
// time, from the clock, so a case never goes stale while it waits its turn.
import fc from 'fast-check';
import type { OperationContract, ParamContract } from '../contracts/operations.ts';
import type { Fixtures } from '../config/profile.ts';
import { sameInBoth, type GeneratedValue } from './generatedValue.ts';
import { requestText } from './requestText.ts';
import { intForms, intValue } from './intValue.ts';
import { doubleValue, trafficAmount } from './doubleValue.ts';
import { dateTimeValue } from './dateTimeValue.ts';
import { ipLogQuery } from './ipLogQuery.ts';

export interface RequestCase {
  /** Parameter name → value; authentication parameters are absent. */
  readonly values: Readonly<Record<string, GeneratedValue>>;
}

const AUTH_ROLES = new Set(['siteId', 'timeSpan', 'signature', 'totp']);

const text = (s: fc.Arbitrary<string>) => s.map(sameInBoth);

/**
 * Identities: a state-changing operation only ever names fixture accounts (DESIGN.md, safety);
 * a read-only one also asks about unknown users, whose answers must be well-formed too.
 */
function identity(pool: readonly string[], mutates: boolean): fc.Arbitrary<string> {
  const fixture = fc.constantFrom(...pool);
  return mutates ? fixture : fc.oneof({ weight: 4, arbitrary: fixture }, { weight: 1, arbitrary: requestText(16) });
}

function macAddress(): fc.Arbitrary<string> {
  const octet = fc.integer({ min: 0, max: 255 }).map((n) => n.toString(16).toUpperCase().padStart(2, '0'));
  return fc.array(octet, { minLength: 6, maxLength: 6 }).map((o) => o.join('-'));
}

function valueFor(op: OperationContract, p: ParamContract, fx: Fixtures): fc.Arbitrary<GeneratedValue> {
  switch (p.role) {
    case 'account':
      return text(identity(fx.accounts, op.mutates));
    case 'uid':
      return text(identity(fx.uids, op.mutates));
    case 'ip':
      return text(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...fx.ips) }, { weight: 1, arbitrary: fc.ipV4() }));
    case 'mac':
      return text(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...fx.macs) }, { weight: 1, arbitrary: macAddress() }));
    case 'mobile':
      return text(fc.oneof(fc.constantFrom(...fx.mobiles), fc.stringMatching(/^1[3-9]\d{9}$/)));
    case 'carrier': // §4.2: 1 = telecom, 2 = unicom, 3 = mobile
      return fc.constantFrom(...(p.allowed as number[])).chain(intForms);
    case 'ipLogQuery':
      return text(ipLogQuery(fx.ips));
    case 'count':
      return intValue(fc.integer({ min: 0, max: 1_000_000 }));
    case 'traffic':
      return doubleValue(trafficAmount());
    case 'dateTime':
      return dateTimeValue();
    case 'productId':
      return intValue(fc.constantFrom(...fx.productIds));
    case 'enumText':
      // §4.4 leaves these value sets open: the profile's fixtures name them.
      if (p.type === 'int') return intValue(fc.constantFrom(...fx.actions));
      if (p.name === 'avaliable') return text(fc.constantFrom(...fx.availability));
      return text(fc.constantFrom(...fx.products));
    case 'text':
      return text(requestText());
    case 'carrierUser':
    case 'carrierPassword':
      throw new Error('carrier accounts are drawn as pairs');
    default:
      throw new Error(`no generator for role ${p.role} (${op.name}.${p.name})`);
  }
}

export function requestCase(op: OperationContract, fx: Fixtures): fc.Arbitrary<RequestCase> {
  const fields: Record<string, fc.Arbitrary<GeneratedValue>> = {};
  for (const p of op.params) {
    if (AUTH_ROLES.has(p.role) || p.role === 'carrierUser' || p.role === 'carrierPassword') continue;
    const v = valueFor(op, p, fx);
    // A parameter the spec lets be empty is sometimes sent empty (UserOffLine.IPAddress: "all devices").
    fields[p.name] = p.mayBeEmpty ? fc.oneof({ weight: 3, arbitrary: v }, { weight: 1, arbitrary: fc.constant(sameInBoth('')) }) : v;
  }
  const hasCarrier = op.params.some((p) => p.role === 'carrierUser');
  const carrier = hasCarrier ? fc.constantFrom(...fx.carrierAccounts) : fc.constant(undefined);
  return fc.record({ values: fc.record(fields), carrier }).map(({ values, carrier }) => {
    const all: Record<string, GeneratedValue> = { ...values };
    if (carrier) {
      for (const p of op.params) {
        if (p.role === 'carrierUser') all[p.name] = sameInBoth(carrier.username);
        if (p.role === 'carrierPassword') all[p.name] = sameInBoth(carrier.password);
      }
    }
    // §4.2 GetOnlineEquipmentList: at least one of Account, IPAddress, MACAddress must be passed.
    const filters = op.params.filter((p) => p.mayBeEmpty && ['account', 'ip', 'mac'].includes(p.role));
    if (filters.length > 1 && filters.every((p) => all[p.name].soap === '')) all[filters[0].name] = sameInBoth(fx.accounts[0]);
    return { values: all };
  });
}
