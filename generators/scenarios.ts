// Sequences where the spec implies state (§4.2): an account activated in the billing system is
// found there, a deleted one is not; setting an account's status changes what is reported about
// it. Each step is a request; checks in validators/checks/scenarios.ts judge the answers.
import { operation, type OperationContract } from '../contracts/operations.ts';
import type { Fixtures } from '../config/profile.ts';
import { sameInBoth } from './generatedValue.ts';
import type { RequestCase } from './requestCase.ts';

export interface ScenarioStep {
  readonly label: string;
  readonly operation: OperationContract;
  readonly case: RequestCase;
}

export interface Scenario {
  readonly id: string;
  steps(fx: Fixtures): ScenarioStep[];
}

const step = (label: string, op: string, values: Record<string, string>): ScenarioStep => ({
  label,
  operation: operation(op),
  case: { values: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, sameInBoth(v)])) },
});

export const accountLifecycle: Scenario = {
  id: 'account-lifecycle',
  steps: (fx) => {
    const UID = fx.uids[0];
    const activate = { UID, 运营商: '1', Mobile: fx.mobiles[0] };
    return [
      step('activate', 'ActiveCampusAccount', activate),
      step('searchAfterActivate', 'SearchCampusUser', { UID }),
      step('delete', 'DeleteUser', { UID }),
      step('searchAfterDelete', 'SearchCampusUser', { UID }),
      // Leaves the fixture account as it found it: active.
      step('restore', 'ActiveCampusAccount', activate),
    ];
  },
};

export const availabilityReported: Scenario = {
  id: 'availability-reported',
  steps: (fx) => {
    const Account = fx.accounts[0];
    const [first, second] = fx.availability.length > 1 ? fx.availability : [fx.availability[0], fx.availability[0]];
    return [
      step('setFirst', 'SetUser_Avaliable', { Account, avaliable: first }),
      step('infoAfterFirst', 'GetUserInfo', { Account }),
      step('setSecond', 'SetUser_Avaliable', { Account, avaliable: second }),
      step('infoAfterSecond', 'GetUserInfo', { Account }),
    ];
  },
};

export const SCENARIOS: readonly Scenario[] = [accountLifecycle, availabilityReported];
export const SCENARIO_BY_ID: ReadonlyMap<string, Scenario> = new Map(SCENARIOS.map((s) => [s.id, s]));
