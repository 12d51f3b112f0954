// Whether a generated case must succeed: valid authentication (always, for positive cases),
// identities from the fixtures and values from the allowed sets. Only then may a check demand
// the documented success result (spec §7.3: "ok on success").
import type { OperationContract } from '../contracts/operations.ts';
import type { Fixtures } from '../config/profile.ts';
import type { CaseIntent } from '../validators/check.ts';
import type { RequestCase } from './requestCase.ts';

export function intentOf(op: OperationContract, c: RequestCase, fx: Fixtures): CaseIntent {
  const ok = op.params.every((p) => {
    const v = c.values[p.name]?.soap.trim();
    if (v === undefined) return true;
    if (p.role === 'account') return fx.accounts.includes(v);
    if (p.role === 'uid') return fx.uids.includes(v);
    if (p.allowed) return p.allowed.map(String).includes(String(Number(v)));
    return true;
  });
  return { expectSuccess: ok };
}
