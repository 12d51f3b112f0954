// The terminal output of a run: the live progress line (reports/progressReporter.ts) and the
// closing table with its GitHub Actions annotations (cli/terminal.ts), rendered without a terminal.
import { describe, expect, it, vi } from 'vitest';
import type { TestCase, TestModule } from 'vitest/node';
import type { UserConsoleLog } from 'vitest';
import { OPERATIONS } from '../contracts/operations.ts';
import { BINDING_IDS, type BindingId } from '../contracts/bindings.ts';
import type { ResultEntry, Summary } from '../reports/model.ts';
import { totalsOf, runVerdict } from '../reports/model.ts';
import { PROGRESS_MARKER, ProgressReporter, parseProgress, progressLine, renderProgress } from '../reports/progressReporter.ts';
import { escapeData, githubAnnotations, renderClosingSummary, worstVerdict } from '../cli/terminal.ts';

const ANSI = /\u001b\[/;

function fakeStream(isTTY: boolean, columns = 120) {
  const write = vi.fn((_chunk: string) => true);
  return { isTTY, columns, write, text: () => write.mock.calls.map((c) => c[0]).join('') };
}

function log(content: string): UserConsoleLog {
  return { content, type: 'stdout', time: 0, size: content.length };
}

function module(tests: number): TestModule {
  return { children: { *allTests() { for (let i = 0; i < tests; i++) yield {} as TestCase; } } } as unknown as TestModule;
}

function testCase(verdict: ResultEntry['verdict'] | undefined, operation = 'GetUserInfo'): TestCase {
  const conformance = verdict ? ({ verdict, operation } as ResultEntry) : undefined;
  return { meta: () => (conformance ? { conformance } : {}), result: () => ({ state: 'failed' }) } as unknown as TestCase;
}

describe('progress line', () => {
  it('round-trips the marked line the spec writes, even joined with other output', () => {
    const line = progressLine({ done: 3, total: 20, operation: 'GetUserInfo' });
    expect(line.startsWith(PROGRESS_MARKER)).toBe(true);
    expect(parseProgress(`hello\n${line}\n${progressLine({ done: 4, total: 20, operation: 'DeleteUser' })}\n`)).toEqual([
      { done: 3, total: 20, operation: 'GetUserInfo' },
      { done: 4, total: 20, operation: 'DeleteUser' },
    ]);
    expect(parseProgress('an ordinary log line')).toEqual([]);
    expect(parseProgress(`${PROGRESS_MARKER}{not json`)).toEqual([]);
  });

  it('renders each phase', () => {
    const base = { checksTotal: 0, checksDone: 0, failingOperations: 0, failedChecks: 0, elapsedMs: 83_000 };
    expect(renderProgress(base)).toBe('');
    expect(renderProgress({ ...base, sent: { done: 12, total: 20, operation: 'GetUserInfo' } })).toBe('[12/20] GetUserInfo · 1m23s');
    expect(renderProgress({ ...base, sent: { done: 20, total: 20, operation: 'BindTest' } })).toBe('[20/20] all operations sent · checking responses… · 1m23s');
    expect(renderProgress({ ...base, checksTotal: 700, checksDone: 340, failingOperations: 3, failedChecks: 9 })).toBe(
      'checks 340/700 · 3 operations with failures so far · 1m23s',
    );
    expect(renderProgress({ ...base, checksTotal: 700, checksDone: 1, elapsedMs: 4_000 })).toBe('checks 1/700 · no failures so far · 4s');
  });

  it('rewrites one line in place on a TTY and clears it at the end', () => {
    const stream = fakeStream(true);
    let now = 0;
    const r = new ProgressReporter({ stream, now: () => now, minIntervalMs: 0 });
    r.onTestRunStart();
    r.onTestModuleCollected(module(3));
    r.onUserConsoleLog(log('not progress'));
    expect(stream.write).not.toHaveBeenCalled();
    now = 2_000;
    r.onUserConsoleLog(log(progressLine({ done: 1, total: 2, operation: 'UserOffLine' })));
    now = 5_000;
    r.onUserConsoleLog(log(progressLine({ done: 2, total: 2, operation: 'GetIPUser' })));
    r.onTestCaseResult(testCase('passed'));
    r.onTestCaseResult(testCase('failed', 'GetIPUser'));
    r.onTestCaseResult(testCase('error', 'UserOffLine'));
    r.onTestRunEnd();
    r.clear(); // idempotent: certify clears again in its finally
    expect(stream.write.mock.calls.map((c) => c[0])).toEqual([
      '\r\u001b[K[1/2] UserOffLine · 2s',
      '\r\u001b[K[2/2] all operations sent · checking responses… · 5s',
      '\r\u001b[Kchecks 1/3 · no failures so far · 5s',
      '\r\u001b[Kchecks 2/3 · 1 operation with failures so far · 5s',
      '\r\u001b[Kchecks 3/3 · 2 operations with failures so far · 5s',
      '\r\u001b[K',
    ]);
    expect(stream.text()).not.toMatch(/\n/);
  });

  it('throttles rewrites while results pour in, but always shows the last one', () => {
    const stream = fakeStream(true);
    const r = new ProgressReporter({ stream, now: () => 0, minIntervalMs: 100 });
    r.onTestModuleCollected(module(50));
    for (let i = 0; i < 50; i++) r.onTestCaseResult(testCase('passed'));
    const lines = stream.write.mock.calls.map((c) => c[0]);
    expect(lines).toEqual(['\r\u001b[Kchecks 1/50 · no failures so far · 0s', '\r\u001b[Kchecks 50/50 · no failures so far · 0s']);
  });

  it('keeps the line narrower than the terminal, so \\r can rewrite it', () => {
    const stream = fakeStream(true, 20);
    const r = new ProgressReporter({ stream, now: () => 0 });
    r.onUserConsoleLog(log(progressLine({ done: 1, total: 20, operation: 'SyncPhotoFromSourceToTarget' })));
    const shown = stream.write.mock.calls[0][0].replace('\r\u001b[K', '');
    expect(shown.length).toBeLessThan(20);
    expect(shown.endsWith('…')).toBe(true);
  });

  it('writes nothing when the stream is not a terminal', () => {
    const stream = fakeStream(false);
    const r = new ProgressReporter({ stream, now: () => 0, minIntervalMs: 0 });
    r.onTestRunStart();
    r.onTestModuleCollected(module(1));
    r.onUserConsoleLog(log(progressLine({ done: 1, total: 1, operation: 'UserOffLine' })));
    r.onTestCaseResult(testCase('failed'));
    r.onTestRunEnd();
    r.clear();
    expect(stream.write).not.toHaveBeenCalled();
    expect(r.state()).toMatchObject({ checksDone: 1, failingOperations: 1 }); // still counted
  });
});

function entry(operation: string, binding: BindingId, check: string, verdict: ResultEntry['verdict'], message = `${check} ${verdict}`): ResultEntry {
  return {
    check,
    title: check,
    requirements: [],
    level: 'MUST',
    operation,
    endpoint: 'net',
    binding,
    verdict,
    message,
    cases: { total: 1, passed: verdict === 'passed' ? 1 : 0, failed: verdict === 'failed' ? 1 : 0, notApplicable: 0 },
  };
}

/** Every operation × binding: mostly passed, with one cell of each other verdict. */
function syntheticSummary(extra: ResultEntry[] = []): Summary {
  const results: ResultEntry[] = [];
  for (const op of OPERATIONS) for (const b of BINDING_IDS) results.push(entry(op.name, b, 'checkResponseStatusIs200', 'passed'));
  results.push(
    entry('UserOffLine', 'soap12', 'checkResultIsJson', 'failed', 'expected JSON but the result was\r\n"100%" <b>'),
    entry('GetIPUser', 'get', 'checkXsd', 'warning'),
    entry('GetIPUser', 'get', 'checkXsd2', 'not-applicable'),
    entry('DeleteUser', 'post', 'checkXsd', 'error', 'java missing'),
    entry('DeleteUser', 'post', 'checkXsd3', 'failed'), // failed outweighs error in the same cell
    ...extra,
  );
  // A cell with only skipped checks, and one where nothing applies.
  const soap11 = (name: string, verdict: ResultEntry['verdict']) => {
    const i = results.findIndex((r) => r.operation === name && r.binding === 'soap11');
    results[i] = { ...results[i], verdict };
  };
  soap11('BindTest', 'skipped');
  soap11('GetUserInfo', 'not-applicable');
  const totals = totalsOf(results);
  return {
    tool: { name: 'campusnet-conformance', version: '0.1.0' },
    verdict: runVerdict(totals),
    target: 'http://127.0.0.1:1',
    embedded: true,
    startedAt: '2025-01-01T00:00:00.000Z',
    finishedAt: '2025-01-01T00:01:00.000Z',
    seed: 42,
    runs: 5,
    bindings: [...BINDING_IDS],
    operations: OPERATIONS.map((o) => o.name),
    assumptions: [],
    totals,
    exchanges: 400,
    results,
  };
}

function tableRows(text: string): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const [name, ...cells] = line.trim().split(/\s+/);
    if (OPERATIONS.some((o) => o.name === name)) rows.set(name, cells);
  }
  return rows;
}

describe('closing table', () => {
  const plain = { isTTY: false, env: {} };

  it('orders verdicts worst first', () => {
    expect(worstVerdict(['passed', 'not-applicable'])).toBe('passed');
    expect(worstVerdict(['passed', 'skipped'])).toBe('skipped');
    expect(worstVerdict(['error', 'failed', 'warning'])).toBe('failed');
    expect(worstVerdict([])).toBeUndefined();
  });

  it('shows every operation × binding with the worst verdict of its checks', () => {
    const text = renderClosingSummary(syntheticSummary(), '/tmp/reports', plain);
    const rows = tableRows(text);
    expect([...rows.keys()]).toEqual(OPERATIONS.map((o) => o.name));
    for (const cells of rows.values()) expect(cells).toHaveLength(4);
    expect(text).toMatch(/^operation\s+SOAP 1\.1\s+SOAP 1\.2\s+HTTP GET\s+HTTP POST$/m);
    expect(rows.get('UserOffLine')).toEqual(['✓', '✗', '✓', '✓']);
    expect(rows.get('GetIPUser')).toEqual(['✓', '✓', '!', '✓']);
    expect(rows.get('DeleteUser')).toEqual(['✓', '✓', '✓', '✗']);
    expect(rows.get('BindTest')).toEqual(['–', '✓', '✓', '✓']);
    expect(rows.get('GetUserInfo')).toEqual(['·', '✓', '✓', '✓']);
    expect(text).toContain('checks: 78 passed, 2 failed, 1 warning, 2 not applicable, 1 skipped, 1 error');
    // The failures, each on one line with its message, and the verdict.
    expect(text).toContain('  FAILED UserOffLine over soap12: checkResultIsJson — expected JSON but the result was "100%" <b>');
    expect(text).toContain('  ERROR DeleteUser over post: checkXsd — java missing');
    expect(text).toMatch(/^verdict: FAILED — reports in \/tmp\/reports$/m);
    expect(text).not.toMatch(ANSI);
    expect(text).not.toContain('::error');
  });

  it('shows an error cell and lists at most 20 failures', () => {
    const many = Array.from({ length: 25 }, (_, i) => entry('BindTest', 'get', `checkMany${i}`, 'failed'));
    const s = syntheticSummary([entry('GetIPUser', 'post', 'checkX', 'error'), ...many]);
    const text = renderClosingSummary(s, 'r', plain);
    expect(tableRows(text).get('GetIPUser')).toEqual(['✓', '✓', '!', 'E']);
    expect(text.split('\n').filter((l) => /^ {2}(FAILED|ERROR) /.test(l))).toHaveLength(20);
    expect(text).toContain('… and 9 more (see summary.json)');
  });

  it('uses colour on a terminal only, and never with NO_COLOR', () => {
    const s = syntheticSummary();
    expect(renderClosingSummary(s, 'r', { isTTY: true, env: {} })).toMatch(ANSI);
    expect(renderClosingSummary(s, 'r', { isTTY: true, env: { NO_COLOR: '1' } })).not.toMatch(ANSI);
    expect(renderClosingSummary(s, 'r', { isTTY: false, env: {} })).not.toMatch(ANSI);
  });

  it('falls back to ASCII symbols on a dumb terminal', () => {
    const text = renderClosingSummary(syntheticSummary(), 'r', { isTTY: true, env: { TERM: 'dumb' } });
    expect(text).not.toMatch(ANSI);
    expect(text).not.toMatch(/[✓✗–·]/);
    expect(tableRows(text).get('UserOffLine')).toEqual(['+', 'x', '+', '+']);
  });
});

describe('GitHub Actions annotations', () => {
  it('emits an escaped ::error line per failed result when GITHUB_ACTIONS is true', () => {
    const text = renderClosingSummary(syntheticSummary(), 'r', { isTTY: false, env: { GITHUB_ACTIONS: 'true' } });
    const errors = text.split('\n').filter((l) => l.startsWith('::error '));
    expect(errors).toEqual([
      '::error title=checkResultIsJson UserOffLine soap12::expected JSON but the result was%0D%0A"100%25" <b>',
      '::error title=checkXsd DeleteUser post::java missing',
      '::error title=checkXsd3 DeleteUser post::checkXsd3 failed',
    ]);
    expect(escapeData('a%b\rc\nd')).toBe('a%25b%0Dc%0Ad');
  });

  it('annotates at most 50 failures and says how many were left out', () => {
    const many = Array.from({ length: 60 }, (_, i) => entry('BindTest', 'get', `checkMany${i}`, 'failed'));
    const lines = githubAnnotations(syntheticSummary(many));
    expect(lines.filter((l) => l.startsWith('::error '))).toHaveLength(50);
    expect(lines.at(-1)).toMatch(/^::warning title=campusnet-conformance::13 more failed results/);
  });
});
