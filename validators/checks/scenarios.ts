// State the spec implies (§4.2), judged on the answers of generators/scenarios.ts. The result
// formats are not shown (§4.4), so what can be required is that the answers change with the
// state: PROFILE, resting on the fixtures naming an account the target knows.
import { excerpt, fail, notApplicable, pass, type ScenarioCheck, type ScenarioCheckContext, type Outcome } from '../check.ts';

/** The two answers differ, each having been given as a result. */
function differ(ctx: ScenarioCheckContext, a: string, b: string, what: string): Outcome {
  const ra = ctx.steps.get(a)?.view.result;
  const rb = ctx.steps.get(b)?.view.result;
  if (!ra || !rb) return notApplicable('the scenario did not run to its end');
  if (!ra.ok || !rb.ok) return notApplicable(`no result to compare (${!ra.ok ? ra.why : (rb as { why: string }).why})`);
  return ra.text !== rb.text ? pass : fail(what, `the same answer both times: "${excerpt(ra.text, 120)}"`);
}

export const checkSearchCampusUserSeesActivationAndDeletion: ScenarioCheck = {
  scope: 'scenario',
  id: 'checkSearchCampusUserSeesActivationAndDeletion',
  title: 'SearchCampusUser answers differently after ActiveCampusAccount and after DeleteUser of the same UID',
  level: 'PROFILE',
  scenario: 'account-lifecycle',
  operation: 'SearchCampusUser',
  requirements: () => ['IF-4.2-SearchCampusUser', 'IF-4.2-ActiveCampusAccount', 'IF-4.2-DeleteUser', 'IF-4.4-RESULTS'],
  appliesTo: (op) => op.name === 'SearchCampusUser',
  run: (ctx) => differ(ctx, 'searchAfterActivate', 'searchAfterDelete', 'a user found after activation and not after deletion'),
};

export const checkGetUserInfoReflectsAvailability: ScenarioCheck = {
  scope: 'scenario',
  id: 'checkGetUserInfoReflectsAvailability',
  title: 'GetUserInfo reports a change made with SetUser_Avaliable',
  level: 'PROFILE',
  scenario: 'availability-reported',
  operation: 'GetUserInfo',
  requirements: () => ['IF-4.2-SetUser_Avaliable', 'IF-4.2-GetUserInfo', 'IF-4.4-AVALIABLE'],
  appliesTo: (op) => op.name === 'GetUserInfo',
  run: (ctx) => differ(ctx, 'infoAfterFirst', 'infoAfterSecond', 'the account status set with SetUser_Avaliable reported'),
};

export const SCENARIO_CHECKS: readonly ScenarioCheck[] = [checkSearchCampusUserSeesActivationAndDeletion, checkGetUserInfoReflectsAvailability];
