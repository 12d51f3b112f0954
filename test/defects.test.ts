// The defect catalog as evidence: each defect is caught by every check it names and fails the
// run; every MUST requirement has a check; every check has a defect; and the faithful reference,
// run the same way, passes (so the failures come from the deviations, not the harness).
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEFECTS } from '../defects/catalog.ts';
import { prove } from '../defects/prove.ts';
import { checksByRequirement, defectsByCheck } from '../defects/traceability.ts';
import { REQUIREMENTS, REQUIREMENT_BY_ID } from '../contracts/requirements.ts';
import { CHECK_BY_ID, CHECKS } from '../validators/checks/index.ts';
import { OPERATIONS } from '../contracts/operations.ts';

describe('coverage rules', () => {
  const checks = checksByRequirement();
  it('every MUST requirement has at least one check', () => {
    const uncovered = REQUIREMENTS.filter((r) => r.level === 'MUST' && !checks.has(r.id)).map((r) => r.id);
    expect(uncovered).toEqual([]);
  });
  it('every check has at least one defect that must make it fail', () => {
    const unproven = [...defectsByCheck()].filter(([, ds]) => ds.length === 0).map(([c]) => c);
    expect(unproven).toEqual([]);
  });
  it('every defect names a known requirement and known checks, one of which verifies that requirement', () => {
    const ids = new Set<string>();
    for (const d of DEFECTS) {
      expect(ids.has(d.id), `duplicate ${d.id}`).toBe(false);
      ids.add(d.id);
      expect(REQUIREMENT_BY_ID.has(d.violates), `${d.id} violates unknown ${d.violates}`).toBe(true);
      expect(d.expectedChecks.length).toBeGreaterThan(0);
      for (const c of d.expectedChecks) expect(CHECK_BY_ID.has(c), `${d.id} expects unknown check ${c}`).toBe(true);
      expect(d.expectedChecks.some((c) => checks.get(d.violates)?.includes(c)), `${d.id}: none of its checks verifies ${d.violates}`).toBe(true);
    }
  });
});

describe('the faithful reference, run as the catalog runs', () => {
  it('passes every check', async () => {
    const proof = await prove({ id: 'CONTROL', violates: '', description: '', expectedChecks: [], scope: { operations: OPERATIONS.map((o) => o.name) }, deviation: {} }, { runs: 3 });
    expect(proof.results.filter((r) => r.verdict === 'failed' || r.verdict === 'error' || r.verdict === 'warning').map((r) => `${r.operation}/${r.binding} ${r.check}: ${r.message}`)).toEqual([]);
    expect(proof.verdict).toBe('passed');
    expect(new Set(proof.results.map((r) => r.check))).toEqual(new Set(CHECKS.map((c) => c.id)));
  });

  // RFC 9110 §12.5.3: a request without Accept-Encoding accepts any coding, so a faithful host
  // behind a compressing front is still faithful; the suite must read through the coding.
  it('passes every check behind a front that compresses its answers (gzip, deflate, br)', async () => {
    const codings = ['gzip', 'deflate', 'br'] as const;
    const compress = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync };
    let n = 0;
    const proof = await prove(
      {
        id: 'CONTROL-COMPRESSED',
        violates: '',
        description: '',
        expectedChecks: [],
        scope: { operations: OPERATIONS.map((o) => o.name) },
        deviation: {
          reply: (r) => {
            const coding = codings[n++ % codings.length];
            return { ...r, headers: { ...r.headers, 'Content-Encoding': coding }, body: compress[coding](r.body) };
          },
        },
      },
      { runs: 2 },
    );
    expect(n, 'answers compressed').toBeGreaterThan(100);
    expect(proof.results.filter((r) => r.verdict === 'failed' || r.verdict === 'error' || r.verdict === 'warning').map((r) => `${r.operation}/${r.binding} ${r.check}: ${r.message}`)).toEqual([]);
    expect(proof.verdict).toBe('passed');
  });
});

describe('the schema check, whose verdicts come at the end of the run', () => {
  // Equal documents share a verdict and wait as a count (specs/harness/execute.ts, SchemaWaits):
  // every XML answer must still count, each failing one as a failure.
  it('counts every XML answer, and every answer of an invalid document as failed', async () => {
    const defect = DEFECTS.find((d) => d.id === 'D14-RESPONSE-ELEMENT-RENAMED')!;
    const proof = await prove(defect, { runs: 12 });
    const of = (check: string) => proof.results.find((r) => r.check === check && r.operation === 'SearchCampusUser' && r.binding === 'soap11')!;
    const xsd = of('checkResponseMatchesXmlSchema');
    const xml = of('checkResponseIsWellFormedUtf8Xml');
    const element = of('checkSoapBodyHoldsOneOperationResponse');
    expect(xsd.cases.total).toBe(xml.cases.passed);
    // Every answer whose response element is renamed is a schema failure too.
    expect(xsd.cases.failed).toBe(element.cases.failed);
    expect(xsd.cases.failed).toBeGreaterThan(1);
    expect(xsd.message).toContain(`(${xsd.cases.failed} of ${xsd.cases.total} cases; first: ${xsd.evidence!.exchangeId}`);
    expect(xsd.evidence!.response!.body).toContain('SearchCampusUserReply');
  });
});

describe('each defect', () => {
  it.each(DEFECTS.map((d) => [d.id, d] as const))('%s is caught by every check it names, and fails the run', async (_id, defect) => {
    const proof = await prove(defect);
    expect(proof.missed, `not caught by ${proof.missed.join(', ')}`).toEqual([]);
    expect(proof.verdict).toBe('failed');
  });
});
