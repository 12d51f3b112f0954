// §9.1: each operation is offered in all four bindings with identical parameters, so the same
// inputs must give the same result whichever binding carries them. Checked on operations that
// change nothing, where the state cannot move between the requests.
import { BINDINGS } from '../../contracts/bindings.ts';
import { excerpt, fail, notApplicable, pass, type GroupCheck } from '../check.ts';
import { isDeepStrictEqual } from 'node:util';

/** JSON results compare as JSON values (key order and spacing carry no meaning); others as text. */
function sameResult(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return isDeepStrictEqual(JSON.parse(a), JSON.parse(b));
  } catch {
    return false;
  }
}

export const checkBindingsAgreeOnResult: GroupCheck = {
  scope: 'group',
  id: 'checkBindingsAgreeOnResult',
  title: 'The same inputs give the same result in every binding (read-only operations)',
  level: 'MUST',
  requirements: () => ['IF-9.1-IDENTICAL', 'IF-4.1-RULE-2'],
  appliesTo: (op) => !op.mutates,
  run({ baseline, binding, view }) {
    if (baseline.binding === binding) return notApplicable(`${BINDINGS[binding].title} is the baseline the others are compared with`);
    const a = baseline.view.result;
    const b = view.result;
    if (!a.ok || !b.ok) return notApplicable(`no result to compare (${!a.ok ? a.why : (b as { why: string }).why})`);
    if (sameResult(a.text, b.text)) return pass;
    return fail(`the ${BINDINGS[baseline.binding].title} result "${excerpt(a.text, 100)}"`, `"${excerpt(b.text, 100)}"`);
  },
};
