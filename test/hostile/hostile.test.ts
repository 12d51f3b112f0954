// The suite against hostile targets (servers.ts): silence, a drip, a 1 GiB body, resets,
// malformed XML, entity bombs, an external entity, a gzip bomb, a wrong charset, a redirect loop.
// Each case runs the real CLI in a child process, as a CI pipeline would, and requires what a user
// needs from it: the run ends in bounded time with exit 1 (a finding, not a crash), summary.json
// says `failed` with evidence for the right check, nothing the target sent is expanded or followed,
// and the suite's memory stays bounded whatever the target sends.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summarySchema } from '../../reports/summarySchema.ts';
import {
  BOMB_WORD,
  dripServer,
  entityBombServer,
  externalEntityServer,
  gzipBombServer,
  hugeResponseServer,
  malformedXmlServer,
  redirectLoopServer,
  resetServer,
  silentServer,
  wrongCharsetServer,
  type HostileServer,
} from './servers.ts';

const BIN = fileURLToPath(new URL('../../bin/campusnet-conformance.js', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'campusnet-hostile-'));

// The run's bounds: a short timeout so silence costs little, the default 1 MiB size cap.
const TIMEOUT_MS = 1000;
const MAX_RESPONSE_BYTES = 1024 * 1024;
const CONFIG = join(work, 'config.json');
writeFileSync(CONFIG, JSON.stringify({ timeoutMs: TIMEOUT_MS, maxResponseBytes: MAX_RESPONSE_BYTES }));

// How long a run may take. Sending: the engine stops after BREAKER transport failures in a row;
// with CONCURRENCY requests in flight, at most BREAKER + CONCURRENCY requests wait out the timeout,
// even if they do so one after another. Around it: the command and vitest starting, the reports (30 s).
const BREAKER = 5; // BREAKER_THRESHOLD in specs/harness/execute.ts
const CONCURRENCY = 8; // the configuration's default `concurrency`
const RUN_BOUND_MS = 30_000 + (BREAKER + CONCURRENCY) * TIMEOUT_MS; // 43 s
// Past this the child is killed (SIGKILL) and the test fails; the test itself gets 90 s.
const KILL_AFTER_MS = 85_000;
const TEST_TIMEOUT_MS = 90_000;

// A sanity bound on any run: about 450 MiB of it is the suite's own start (vitest, vite, the worker
// thread), whatever the target does. Boundedness itself is tested below, as growth with the
// number of huge answers.
const PEAK_RSS_BOUND = 768 * 1024 * 1024;
// The growth test: 30 cases against 10 (80 more huge answers, 115 against 195 requests), with a
// 4 MiB cap so that keeping what was read would show: holding one whole answer costs 1 GiB, and
// keeping even the capped head of each answer 80 x 4 MiB = 320 MiB. Measured on this machine: 0 to
// 20 MiB of growth, with about 30 MiB of run-to-run noise in either run (GC and allocator timing).
const GROWTH_CAP_BYTES = 4 * 1024 * 1024;
const GROWTH_CONFIG = join(work, 'growth-config.json');
writeFileSync(GROWTH_CONFIG, JSON.stringify({ timeoutMs: TIMEOUT_MS, maxResponseBytes: GROWTH_CAP_BYTES }));
const PEAK_RSS_GROWTH_BOUND = 128 * 1024 * 1024;
const SUMMARY_SIZE_BOUND = 5 * 1024 * 1024;

interface CliRun {
  readonly code: number | string;
  readonly stderr: string;
  readonly durationMs: number;
  readonly dir: string;
}

/** The real bin against `url`: `runs` cases (2 unless told) of GetUserInfo in every binding. */
function runAgainst(name: string, url: string, runs = 2, config = CONFIG): Promise<CliRun> {
  const dir = join(work, name);
  // A fixed seed: how many cases the target must accept, so how many negative variants go out,
  // depends on the cases drawn; a random seed would vary the work (and memory) run to run.
  const args = [BIN, 'run', '--target', url, '--config', config, '--runs', String(runs), '--seed', '7', '--operations', 'GetUserInfo', '--report-dir', dir];
  const t0 = performance.now();
  return new Promise((resolve) => {
    execFile(process.execPath, args, { timeout: KILL_AFTER_MS, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024 }, (err, _stdout, stderr) => {
      const durationMs = performance.now() - t0;
      // A killed child has no exit code: report the signal so the failure says what happened.
      const code = err ? (typeof err.code === 'number' ? err.code : (err.signal ?? String(err.code))) : 0;
      resolve({ code, stderr, durationMs, dir });
    });
  });
}

/** Duration, exit code, failed checks and peak RSS of a run, read leniently (for the log only). */
function describeRun(run: CliRun): string {
  let checks = '?';
  let peak = '?';
  try {
    const s = JSON.parse(readFileSync(join(run.dir, 'summary.json'), 'utf8')) as Summary;
    checks = [...new Set(s.results.filter((r) => r.verdict === 'failed').map((r) => r.check))].join(', ');
    if (s.resources) peak = `${Math.round(s.resources.peakRssBytes / 2 ** 20)} MiB`;
  } catch {
    checks = 'no summary.json';
  }
  return `${(run.durationMs / 1000).toFixed(1)} s, exit ${run.code}, failed [${checks}], peak RSS ${peak}`;
}

type Summary = ReturnType<typeof summarySchema.parse> & { resources?: { peakRssBytes: number } };
type Result = Summary['results'][number];

/** What every hostile target must produce: a bounded, uncrashed, failed run with evidence. */
function expectCleanFailure(run: CliRun): { summary: Summary; raw: string; failed: Result[] } {
  expect(run.stderr).not.toMatch(/internal error/i);
  expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
  expect(run.code, run.stderr).toBe(1);
  expect(run.durationMs, `the run took ${Math.round(run.durationMs)} ms`).toBeLessThan(RUN_BOUND_MS);
  const raw = readFileSync(join(run.dir, 'summary.json'), 'utf8');
  const parsed = summarySchema.safeParse(JSON.parse(raw));
  expect(parsed.success, parsed.error?.message).toBe(true);
  const summary = parsed.data as Summary;
  expect(summary.verdict).toBe('failed');
  const failed = summary.results.filter((r) => r.verdict === 'failed');
  expect(failed.some((r) => r.evidence)).toBe(true);
  expect(summary.resources?.peakRssBytes, 'summary.resources.peakRssBytes').toBeTypeOf('number');
  expect(summary.resources!.peakRssBytes).toBeLessThan(PEAK_RSS_BOUND);
  return { summary, raw, failed };
}

/** The failed results of one check that carry evidence (at least one, or the test fails). */
function failuresOf(failed: readonly Result[], check: string): (Result & { evidence: NonNullable<Result['evidence']> })[] {
  const hits = failed.filter((r): r is Result & { evidence: NonNullable<Result['evidence']> } => r.check === check && r.evidence !== undefined);
  expect(hits.map((r) => `${r.check}/${r.binding}`), `failed checks: ${[...new Set(failed.map((r) => r.check))].join(', ')}`).not.toHaveLength(0);
  return hits;
}

/** No line of /etc/passwd (the external entity's target) may reach any output. */
const PASSWD_ROOT = /root:[^:\n]*:0:0:/;

interface HostileCase {
  readonly name: string;
  readonly start: () => Promise<HostileServer>;
  readonly judge: (r: { summary: Summary; raw: string; failed: Result[]; server: HostileServer; run: CliRun }) => void;
}

/** Silence, drip and reset: no HTTP answer; the breaker stops sending after a few of them. */
const noAnswer = (name: string, start: () => Promise<HostileServer>, error: RegExp): HostileCase => ({
  name,
  start,
  judge({ failed, server }) {
    for (const r of failuresOf(failed, 'checkTargetAnswersInTime')) expect(r.evidence.transportError).toMatch(error);
    // The breaker: no more than BREAKER failures plus what was already in flight ever left.
    expect(server.requests()).toBeLessThanOrEqual(BREAKER + CONCURRENCY);
  },
});

/** A document that must be refused as XML before anything in it is expanded or fetched. */
const notXml = (name: string, start: () => Promise<HostileServer>, actual?: RegExp): HostileCase => ({
  name,
  start,
  judge({ failed, raw }) {
    const hits = failuresOf(failed, 'checkResponseIsWellFormedUtf8Xml');
    if (actual) for (const r of hits) expect(r.evidence.actual).toMatch(actual);
    expect(raw).not.toMatch(PASSWD_ROOT);
    expect(raw).not.toContain(BOMB_WORD.repeat(2)); // the bomb's word, expanded even once
  },
});

const CASES: readonly HostileCase[] = [
  noAnswer('silence', silentServer, /^TIMEOUT: /),
  noAnswer('drip', dripServer, /^TIMEOUT: /),
  {
    name: '1 GiB response',
    start: hugeResponseServer,
    judge({ failed, raw }) {
      for (const r of failuresOf(failed, 'checkTargetAnswersInTime')) {
        expect(r.evidence.response?.truncated).toBe(true);
        expect(r.evidence.response?.status).toBe(200);
      }
      // The evidence shows an excerpt of the body, not the megabyte the suite read.
      expect(raw.length).toBeLessThan(SUMMARY_SIZE_BOUND);
    },
  },
  noAnswer('connection reset', resetServer, /^CONNECTION_RESET: /),
  notXml('malformed XML', malformedXmlServer),
  notXml('entity-expansion bomb', entityBombServer, /DOCTYPE/),
  notXml('external entity', externalEntityServer, /DOCTYPE/),
  {
    name: 'gzip bomb',
    start: gzipBombServer,
    judge({ failed, run }) {
      // Read through the coding (a faithful target may gzip), the body passes the cap: decoding
      // stopped there, and the report holds no inflated gigabyte.
      for (const r of failuresOf(failed, 'checkTargetAnswersInTime')) {
        expect(r.evidence.actual).toMatch(/cut there/);
        expect(r.evidence.response?.truncated).toBe(true);
        expect(r.evidence.response?.headers['content-encoding']).toBe('gzip');
      }
      expect(statSync(join(run.dir, 'summary.json')).size).toBeLessThan(SUMMARY_SIZE_BOUND);
    },
  },
  {
    name: 'wrong charset',
    start: wrongCharsetServer,
    judge({ failed }) {
      for (const r of failuresOf(failed, 'checkResponseContentTypeMatchesBinding')) expect(r.evidence.actual).toMatch(/charset=iso-8859-1/i);
    },
  },
  {
    name: 'redirect loop',
    start: redirectLoopServer,
    judge({ failed, server }) {
      for (const r of failuresOf(failed, 'checkResponseStatusIs200')) expect(r.evidence.response?.status).toBe(302);
      // Not followed: for this selection the suite sends under a hundred requests by itself (the
      // 8 cases, the negative variants of 2 cases per binding, one ?WSDL); following the loop
      // would multiply each of them by the client's redirect limit, or forever.
      expect(server.requests()).toBeLessThan(500);
    },
  },
];

const servers = new Map<string, HostileServer>();
/** One line per case for the log: what a hostile target cost the suite. */
const costs: string[] = [];
let baselineTcpHandles = 0;

/** TCP handles (listening and connected) this process holds right now. */
const tcpHandles = () => process.getActiveResourcesInfo().filter((r) => r.startsWith('TCP')).length;

async function closeAll(): Promise<void> {
  await Promise.all([...servers.values()].map((s) => s.close()));
}

beforeAll(async () => {
  baselineTcpHandles = tcpHandles();
  // Sequentially: the gzip bomb takes a few seconds of CPU to build.
  for (const c of CASES) servers.set(c.name, await c.start());
}, 60_000);

afterAll(async () => {
  // A safety net when a test failed before the closing test ran; close() is idempotent.
  await closeAll();
  if (costs.length) console.log(`hostile targets (duration, exit code, failed checks, peak RSS):\n${costs.join('\n')}`);
  rmSync(work, { recursive: true, force: true });
});

describe('a hostile target yields a failed run with evidence, in bounded time and memory', () => {
  it.each(CASES.map((c) => [c.name, c] as const))(
    '%s',
    async (name, c) => {
      const server = servers.get(name)!;
      const run = await runAgainst(name.replace(/\W+/g, '-'), server.url);
      costs.push(`  ${name}: ${describeRun(run)}, ${server.requests()} requests`);
      const { summary, raw, failed } = expectCleanFailure(run);
      c.judge({ summary, raw, failed, server, run });
    },
    TEST_TIMEOUT_MS,
  );

  // Huge answers are checked and let go as they arrive: five times the answers, the same memory.
  it.each(['1 GiB response', 'gzip bomb'])('%s: peak memory does not grow with the number of huge answers', async (name) => {
    const server = servers.get(name)!;
    const peak = (run: CliRun) => (JSON.parse(readFileSync(join(run.dir, 'summary.json'), 'utf8')) as Summary).resources!.peakRssBytes;
    const few = await runAgainst(`${name.replace(/\W+/g, '-')}-few`, server.url, 10, GROWTH_CONFIG);
    const many = await runAgainst(`${name.replace(/\W+/g, '-')}-many`, server.url, 30, GROWTH_CONFIG);
    expect(few.code, few.stderr).toBe(1);
    expect(many.code, many.stderr).toBe(1);
    costs.push(`  ${name}: peak RSS ${Math.round(peak(few) / 2 ** 20)} MiB with 10 cases, ${Math.round(peak(many) / 2 ** 20)} MiB with 30 (cap ${GROWTH_CAP_BYTES / 2 ** 20} MiB)`);
    expect(peak(many) - peak(few)).toBeLessThan(PEAK_RSS_GROWTH_BOUND);
  }, 2 * TEST_TIMEOUT_MS);

  it('every server closes cleanly, leaving no open handle', async () => {
    await closeAll();
    // Socket handles go a tick after their 'close'; give them a moment, then require the baseline.
    for (let i = 0; i < 50 && tcpHandles() > baselineTcpHandles; i++) await new Promise((r) => setTimeout(r, 20));
    expect(process.getActiveResourcesInfo().filter((r) => r.startsWith('TCP'))).toHaveLength(baselineTcpHandles);
  });
});
