// The negative cases (generators/negative/): each builds a request that differs from the accepted
// one in exactly the way it names, and applies only where a faithful ASMX target must refuse it.
import { describe, expect, it } from 'vitest';
import { operation, OPERATIONS } from '../contracts/operations.ts';
import { BINDING_IDS, DEFAULT_PATHS, type BindingId } from '../contracts/bindings.ts';
import { resolveProfile } from '../config/profile.ts';
import { fixedClock } from '../generators/clock.ts';
import { authenticatedParams } from '../generators/authenticate.ts';
import { NEGATIVE_CASE_BY_ID, NEGATIVE_CASES } from '../generators/negative/index.ts';
import { sameInBoth } from '../generators/generatedValue.ts';
import { encodeRequest } from '../bindings/encode.ts';
import { parseXml, elementChildren } from '../validators/xml.ts';
import { CHECKS } from '../validators/checks/index.ts';
import { sign } from '../generators/signature.ts';
import fc from 'fast-check';
import { requestCase } from '../generators/requestCase.ts';
import { intentOf } from '../generators/intent.ts';
import { operationSeed } from '../specs/harness/plan.ts';
import { prove } from '../defects/prove.ts';

const profile = resolveProfile({ ipCheck: { allowedSource: '127.0.0.1', deniedSource: '127.0.0.2' } });
const clock = fixedClock(1_795_000_000_000);
const settings = { baseUrl: 'http://t', paths: DEFAULT_PATHS, securityOfficeNamespace: 'http://t/' };

function build(caseId: string, opName: string, binding: BindingId, values: Record<string, string>) {
  const op = operation(opName);
  const c = { values: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, sameInBoth(v)])) };
  const params = authenticatedParams(op, binding, c, profile, clock);
  const variant = NEGATIVE_CASE_BY_ID.get(caseId)!.build({ operation: op, binding, case: c, params, profile, clock, settings });
  return { op, params, variant };
}
const text = (ps: readonly { name: string; text: string }[], name: string) => ps.find((p) => p.name === name)?.text;

describe('negative cases', () => {
  it('each is judged by exactly one check', () => {
    for (const n of NEGATIVE_CASES) expect(CHECKS.filter((c) => c.scope === 'negative' && c.negativeCase === n.id).length, n.id).toBe(1);
  });

  it('change the signature alone, and each in its own way', () => {
    const v = { Account: 'student001' };
    const accepted = build('wrong-signature', 'GetUserInfo', 'soap11', v).params;
    const wrong = build('wrong-signature', 'GetUserInfo', 'soap11', v).variant.params;
    const otherKey = build('signature-other-key', 'GetUserInfo', 'soap11', v).variant.params;
    const otherValues = build('signature-other-values', 'GetUserInfo', 'soap11', v).variant.params;
    for (const ps of [wrong, otherKey, otherValues]) {
      expect(text(ps, 'Account')).toBe('student001');
      expect(text(ps, 'SignText')).not.toBe(text(accepted, 'SignText'));
      expect(text(ps, 'SignText')).toMatch(/^[0-9a-f]{32}$/);
    }
    const recipe = profile.signatures.get('GetUserInfo')!;
    const values = new Map(accepted.map((p) => [p.name, p.text]));
    expect(text(otherKey, 'SignText')).toBe(sign(recipe, values, `${profile.sharedKey}-other`));
    values.set('Account', 'student001-other');
    expect(text(otherValues, 'SignText')).toBe(sign(recipe, values, profile.sharedKey));
  });

  it('rename the signature to the other casing in SOAP only (ASMX matches GET/POST names regardless of case)', () => {
    expect(text(build('signature-other-casing', 'GetUserPackages', 'soap11', { UID: '20260001' }).variant.params, 'SignText')).toMatch(/^[0-9a-f]{32}$/);
    expect(text(build('signature-other-casing', 'GetUserInfo', 'soap12', { Account: 'student001' }).variant.params, 'signtext')).toMatch(/^[0-9a-f]{32}$/);
    for (const b of ['get', 'post'] as const) expect(NEGATIVE_CASE_BY_ID.get('signature-other-casing')!.applies(operation('GetUserInfo'), b)).toMatch(/regardless of case/);
  });

  it('write a parameter in another namespace in the SOAP body', () => {
    const { op, variant } = build('parameter-other-namespace', 'DeleteUser', 'soap11', { UID: '20260001' });
    const req = encodeRequest(op, 'soap11', variant.params, { settings, ...variant.encode });
    const doc = parseXml(req.body);
    if (!doc.ok) throw new Error(doc.error);
    const opEl = elementChildren(elementChildren(doc.doc.root)[0])[0];
    const uid = elementChildren(opEl).find((e) => e.local === 'UID')!;
    expect(opEl.ns).toBe('PassPort_Net');
    expect(uid.ns).toBe('urn:campusnet-conformance:other');
  });

  it('send TOTP codes that are wrong, far outside the window, and malformed', () => {
    const accepted = text(build('wrong-totp', 'GetIPUser', 'get', { data: '[]' }).params, 'TotpCode')!;
    const wrong = text(build('wrong-totp', 'GetIPUser', 'get', { data: '[]' }).variant.params, 'TotpCode')!;
    const stale = text(build('stale-totp', 'GetIPUser', 'get', { data: '[]' }).variant.params, 'TotpCode')!;
    const malformed = text(build('malformed-totp', 'GetIPUser', 'get', { data: '[]' }).variant.params, 'TotpCode')!;
    expect(wrong).toMatch(/^\d{6}$/);
    expect(wrong).not.toBe(accepted);
    expect(stale).toMatch(/^\d{6}$/);
    expect(malformed).not.toMatch(/^\d{6}$/);
  });

  it('send from the denied source, and say what is missing when none is configured', () => {
    expect(build('denied-caller', 'UpdateADUser', 'post', { UID: '20260001', ProductID: '1' }).variant.localAddress).toBe('127.0.0.2');
    expect(NEGATIVE_CASE_BY_ID.get('denied-caller')!.requires!(resolveProfile({}))).toMatch(/deniedSource/);
  });

  it('apply the wrong media type to HTTP POST only where ASMX reads a form (an operation with parameters)', () => {
    const wrongType = NEGATIVE_CASE_BY_ID.get('wrong-content-type')!;
    expect(wrongType.applies(operation('SyncPhotoFromSourceToTarget'), 'post')).toMatch(/no parameters/);
    expect(wrongType.applies(operation('SyncPhotoFromSourceToTarget'), 'soap11')).toBe(true);
    expect(wrongType.applies(operation('GetUserInfo'), 'post')).toBe(true);
  });

  it('put a DOCTYPE with an external entity and a bomb before the envelope', () => {
    for (const id of ['external-entity', 'entity-bomb']) {
      const { op, variant } = build(id, 'GetUserInfo', 'soap11', { Account: 'student001' });
      const req = variant.rewrite!(encodeRequest(op, 'soap11', variant.params, { settings }));
      expect(req.body).toMatch(/<!DOCTYPE Envelope \[/);
      expect(req.body).toMatch(/<Account>student001&[a-z0-9]+;/);
    }
  });

  it('apply somewhere in every binding', () => {
    for (const b of BINDING_IDS) expect(NEGATIVE_CASES.some((n) => OPERATIONS.some((op) => n.applies(op, b) === true)), b).toBe(true);
  });
});

describe('negative variants need an accepted request to be judged against', () => {
  it('when a small --runs draws none, each negative check is skipped and says why (never missing)', async () => {
    const op = operation('GetUserInfo');
    // A seed whose single case names no fixture account: the target need not accept it.
    const seed = Array.from({ length: 500 }, (_, i) => i + 1).find((s) => {
      const [c] = fc.sample(requestCase(op, profile.fixtures), { seed: operationSeed(s, op.name), numRuns: 1 });
      return !intentOf(op, c, profile.fixtures).expectSuccess;
    })!;
    expect(seed).toBeDefined();
    const proof = await prove({ id: 'CONTROL', violates: '', description: '', expectedChecks: [], scope: { operations: [op.name], bindings: ['soap12', 'get'] }, deviation: {} }, { runs: 1, seed });
    const negatives = CHECKS.filter((c) => c.scope === 'negative' && c.appliesTo(op, 'soap12')).map((c) => c.id);
    expect(negatives.length).toBeGreaterThan(5);
    for (const id of negatives) {
      const r = proof.results.find((x) => x.check === id && x.binding === 'soap12');
      expect(r, id).toBeDefined();
      expect(r!.verdict, id).toBe('skipped');
      expect(r!.message).toMatch(/none of the 1 generated cases is one the target must accept/);
    }
    expect(proof.verdict).toBe('passed');
  });
});
