// Requests a case needs before it, where the spec implies state: DeleteUser "closes the account",
// so the account is activated first (ActiveCampusAccount), or "ok on success" could never be due.
import { operation, type OperationContract } from '../contracts/operations.ts';
import type { Fixtures } from '../config/profile.ts';
import { sameInBoth } from './generatedValue.ts';
import type { RequestCase } from './requestCase.ts';

export interface Step {
  readonly operation: OperationContract;
  readonly case: RequestCase;
}

export function preconditionsOf(op: OperationContract, c: RequestCase, fx: Fixtures): Step[] {
  if (op.name !== 'DeleteUser') return [];
  return [
    {
      operation: operation('ActiveCampusAccount'),
      case: { values: { UID: c.values.UID, 运营商: sameInBoth('1'), Mobile: sameInBoth(fx.mobiles[0]) } },
    },
  ];
}

/** Cases with preconditions share fixture accounts, so they run one at a time. */
export const needsSerialCases = (op: OperationContract): boolean => op.name === 'DeleteUser';
