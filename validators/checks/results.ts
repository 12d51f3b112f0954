// The result formats the spec documents (§4.2, §7.2, §7.3). Other results are "not shown" (§4.4)
// and any string passes.
import { fail, notApplicable, pass, excerpt, type ExchangeCheck } from '../check.ts';

export const checkUserOffLineResultIsCodeMessageJson: ExchangeCheck = {
  scope: 'exchange',
  id: 'checkUserOffLineResultIsCodeMessageJson',
  title: 'UserOffLine returns a JSON object with a numeric code and a text message',
  level: 'MUST',
  requirements: () => ['IF-4.2-UserOffLine-RESULT', 'IF-7.2-USEROFFLINE'],
  appliesTo: (op) => op.result.kind === 'codeMessageJson',
  run({ view }) {
    const r = view.result;
    if (!r.ok) return notApplicable(r.why);
    let value: unknown;
    try {
      value = JSON.parse(r.text);
    } catch {
      return fail('a JSON object {"code": number, "message": string}', `"${excerpt(r.text)}" (not JSON)`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail('a JSON object', excerpt(r.text));
    const o = value as Record<string, unknown>;
    if (typeof o.code !== 'number') return fail('a numeric "code"', `code ${JSON.stringify(o.code) ?? '(missing)'}`);
    if (typeof o.message !== 'string') return fail('a text "message"', `message ${JSON.stringify(o.message) ?? '(missing)'}`);
    return pass;
  },
};

export const checkResultIsOkOnSuccess: ExchangeCheck = {
  scope: 'exchange',
  id: 'checkResultIsOkOnSuccess',
  title: 'ActiveCampusAccount and DeleteUser return the text "ok" for a request that must succeed',
  level: 'MUST',
  // The cases that must succeed carry 运营商 1, 2 or 3 (§4.2): a target refusing them fails here.
  requirements: (op) => [`IF-4.2-${op.name}-RESULT`, 'IF-7.3-OK', 'IF-4.1-RULE-1', 'IF-4.1-RULE-3', 'IF-4.1-RULE-4', ...(op.name === 'ActiveCampusAccount' ? ['IF-4.2-ActiveCampusAccount-CARRIER'] : [])],
  appliesTo: (op) => op.result.kind === 'okOnSuccess',
  run({ view, intent }) {
    if (!intent.expectSuccess) return notApplicable('this case is not meant to succeed');
    const r = view.result;
    if (!r.ok) return notApplicable(r.why);
    return r.text === 'ok' ? pass : fail('the result "ok"', `"${excerpt(r.text)}"`);
  },
};

export const checkGetOnlineEquipmentListResultIsJson: ExchangeCheck = {
  scope: 'exchange',
  id: 'checkGetOnlineEquipmentListResultIsJson',
  title: 'GetOnlineEquipmentList returns JSON data',
  level: 'MUST',
  requirements: () => ['IF-4.2-GetOnlineEquipmentList-RESULT'],
  appliesTo: (op) => op.result.kind === 'json',
  run({ view }) {
    const r = view.result;
    if (!r.ok) return notApplicable(r.why);
    try {
      JSON.parse(r.text);
      return pass;
    } catch (e) {
      return fail('JSON data', `"${excerpt(r.text)}" (${(e as Error).message})`);
    }
  },
};
