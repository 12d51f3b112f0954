// report.html: target-controlled text is only ever shown escaped, the page loads nothing, it lists
// every requirement and operation; and rendered by a real browser from a real failing run
// (defect D21, the forgotten namespace) it shows the matrix and the failure evidence.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../contracts/operations.ts';
import { REQUIREMENTS } from '../contracts/requirements.ts';
import { resolveSettings } from '../config/load.ts';
import { DEFECT_BY_ID } from '../defects/catalog.ts';
import { prove } from '../defects/prove.ts';
import { esc, renderHtmlReport } from '../reports/html.ts';
import type { ResultEntry, Summary } from '../reports/model.ts';
import { totalsOf } from '../reports/model.ts';
import { summarySchema } from '../reports/summarySchema.ts';
import { buildSummary } from '../reports/summaryReporter.ts';

const SCRIPT = '<script>alert(1)</script>';
const IMG = '"><img src=x onerror=alert(2)>';

/** A summary whose every target-controlled text carries markup (the given script among it). */
function hostileSummary(script = SCRIPT): Summary {
  const HOSTILE = `${script}${IMG}<link rel=stylesheet href=https://evil.example/x.css>'<iframe src=http://evil.example/>`;
  const failed: ResultEntry = {
    check: 'checkResponseStatusIs200',
    title: `A well-formed request is answered with HTTP 200 ${HOSTILE}`,
    requirements: ['IF-4.1-SOAP11-STATUS', `IF-${HOSTILE}`],
    level: 'MUST',
    operation: 'GetUserInfo',
    endpoint: 'net',
    binding: 'soap11',
    verdict: 'failed',
    message: `expected HTTP 200 but the response contained ${HOSTILE}`,
    cases: { total: 1, passed: 0, failed: 1, notApplicable: 0 },
    evidence: {
      exchangeId: `GetUserInfo/soap11/0${HOSTILE}`,
      seed: 42,
      path: '0',
      expected: `HTTP 200 ${HOSTILE}`,
      actual: `HTTP 500 ${HOSTILE}`,
      request: { method: 'POST', url: `http://target.example/API/net.asmx?${HOSTILE}`, headers: { 'content-type': `text/xml ${HOSTILE}` }, body: `<soap:Envelope>${HOSTILE}</soap:Envelope>` },
      response: { status: 500, headers: { [`x-evil${IMG}`]: HOSTILE }, body: `<html><body>${HOSTILE}</body></html>`, truncated: false },
      transportError: HOSTILE,
      curl: `curl -sS 'http://target.example/${HOSTILE}'`,
    },
  };
  const passed: ResultEntry = { ...failed, check: 'checkTargetAnswersInTime', verdict: 'passed', message: '1 of 1 cases passed', evidence: undefined };
  const strange: ResultEntry = { ...failed, operation: `Op${IMG}`, binding: 'get', verdict: 'warning', level: 'SHOULD' };
  const results = [passed, failed, strange];
  return {
    tool: { name: 'campusnet-conformance', version: '0.0.0-test' },
    verdict: 'failed',
    target: `http://target.example/${HOSTILE}`,
    embedded: false,
    startedAt: '2026-01-02T03:04:05.000Z',
    finishedAt: '2026-01-02T03:05:06.000Z',
    seed: 7,
    runs: 1,
    bindings: ['soap11', 'get'],
    operations: ['GetUserInfo', `Op${IMG}`],
    assumptions: [{ requirement: 'IF-5.7-TIMESPAN', setting: 'timeSpan.format', value: HOSTILE, isDefault: false }],
    totals: totalsOf(results),
    exchanges: 1,
    results,
  };
}

/** Every start tag of the page. */
const tags = (html: string) => html.match(/<[A-Za-z][^>]*>/g) ?? [];

describe('report.html (unit)', () => {
  const summary = hostileSummary();
  const html = renderHtmlReport(summary);

  it('the synthetic summary is a valid summary', () => {
    expect(summarySchema.safeParse(summary).success).toBe(true);
  });

  it('escapes the five HTML metacharacters', () => {
    expect(esc(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('shows hostile target text only escaped', () => {
    expect(html).not.toContain(SCRIPT);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('<link');
    expect(html).not.toMatch(/onerror=alert\(2\)>/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(2)&gt;');
    // The page's own script is the only script, and it loads nothing.
    const scripts = tags(html).filter((t) => /^<script/i.test(t));
    expect(scripts).toEqual(['<script>']);
  });

  it('references no resource: no loading element, no src, only in-page links, no CSS import or url()', () => {
    for (const tag of tags(html)) {
      const name = /^<([A-Za-z0-9]+)/.exec(tag)![1]!.toLowerCase();
      expect(['link', 'img', 'iframe', 'object', 'embed', 'base', 'source', 'video', 'audio', 'svg', 'image', 'frame'], tag).not.toContain(name);
      const attrs = [...tag.slice(name.length + 1).matchAll(/\s([^\s=>"']+)(?:="([^"]*)")?/g)].map((m) => ({ name: m[1]!.toLowerCase(), value: m[2] ?? '' }));
      // Outside double-quoted attribute values, no text at all: a value that broke out would show here.
      expect(tag.slice(name.length + 1).replace(/\s[^\s=>"']+(="[^"]*")?/g, ''), tag).toMatch(/^\s*>$/);
      for (const a of attrs) {
        expect(a.name, tag).not.toBe('src');
        expect(a.name, tag).not.toMatch(/^on/);
        if (a.name === 'href') expect(a.value, tag).toMatch(/^#[A-Za-z0-9_.-]+$/);
        if (!a.name.startsWith('data-') && a.name !== 'content') expect(a.value, tag).not.toMatch(/https?:/);
      }
      if (name === 'script') expect(tag).toBe('<script>');
    }
    expect(html).not.toMatch(/@import|url\(/i);
    // and a Content-Security-Policy that forbids loading anything even if escaping failed
    expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'none';/);
  });

  it('lists every requirement, every operation row and the assumptions', () => {
    for (const r of REQUIREMENTS) expect(html, r.id).toContain(`<code>${esc(r.id)}</code>`);
    for (const o of OPERATIONS) expect(html, o.name).toContain(`<tr><th scope="row">${o.name}</th>`);
    expect(html).toContain('Profile assumptions in force');
    expect(html).toContain('configured');
  });

  it('gives a reproduce line with the run seed, operation, binding and the case', () => {
    expect(html).toContain('<code class="repro">campusnet-conformance run --target http://target.example/&lt;script&gt;');
    expect(html).toContain(esc(`--seed 7 --operations GetUserInfo --bindings soap11; fast-check seed 42 path 0`));
  });

  it('is deterministic', () => {
    expect(renderHtmlReport(hostileSummary())).toBe(html);
  });
});

// ---- in a real browser ------------------------------------------------------------------------

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_MISSING = `${CHROMIUM} is missing; install it with scripts/install-chromium.sh`;
const BROWSER_TIMEOUT_MS = 60_000;

/** Runs headless Chromium on one file; kills its whole process group if it takes too long. */
async function chromium(args: string[], file: string): Promise<{ stdout: string; stderr: string }> {
  const profile = await mkdtemp(join(tmpdir(), 'cn-chromium-'));
  try {
    const flags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--user-data-dir=${profile}`, '--window-size=1400,2400'];
    return await new Promise((resolve, reject) => {
      const child = spawn(CHROMIUM, [...flags, ...args, pathToFileURL(file).href], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
        reject(new Error(`chromium timed out after ${BROWSER_TIMEOUT_MS} ms: ${args.join(' ')}\n${stderr.slice(-2000)}`));
      }, BROWSER_TIMEOUT_MS);
      child.on('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        if (code === 0) resolve({ stdout, stderr });
        else reject(new Error(`chromium exited with ${code}: ${args.join(' ')}\n${stderr.slice(-2000)}`));
      });
    });
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
}

function needChromium(ctx: { skip: (note?: string) => never }): void {
  if (existsSync(CHROMIUM)) return;
  if (process.env.CI === 'true') throw new Error(`CI: ${CHROMIUM_MISSING}`);
  ctx.skip(CHROMIUM_MISSING);
}

describe('report.html in headless Chromium', () => {
  it(
    'a real failing run (D21, tempuri namespace) shows the matrix and the failure evidence',
    async (ctx) => {
      needChromium(ctx);
      const proof = await prove(DEFECT_BY_ID.get('D21-TEMPURI-NAMESPACE')!);
      const settings = resolveSettings({}, { operations: ['GetUserInfo'], runs: 5, seed: 1 }, { url: 'http://127.0.0.1:1', securityOfficeNamespace: 'http://127.0.0.1:1/' });
      const exchanges = proof.results.reduce((n, r) => (r.check === 'checkTargetAnswersInTime' ? n + r.cases.total : n), 0);
      const summary = buildSummary(proof.results, settings, new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:09Z'), exchanges);
      expect(summary.verdict).toBe('failed');

      const reportDir = await mkdtemp(join(tmpdir(), 'cn-report-'));
      try {
        const file = join(reportDir, 'report.html');
        await writeFile(file, renderHtmlReport(summary));

        const { stdout: dom } = await chromium(['--dump-dom'], file);
        // the matrix, with GetUserInfo over SOAP 1.1 marked failed and linking to its results
        expect(dom).toMatch(/<table id="matrix"/);
        expect(dom).toMatch(/<td class="cell v-failed" data-operation="GetUserInfo" data-binding="soap11" data-verdict="failed"><a href="#cell--GetUserInfo--soap11">/);
        expect(dom).toContain('id="cell--GetUserInfo--soap11"');
        // the failure section with the evidence: the wrong namespace as received
        const failures = dom.slice(dom.indexOf('<section id="failures">'), dom.indexOf('<section id="traceability">'));
        expect(failures).toContain('checkResponseElementsUseServiceNamespace');
        expect(failures).toContain('http://tempuri.org/');
        expect(failures).toContain('campusnet-conformance run --seed 1 --operations GetUserInfo --bindings get; fast-check seed');
        expect(failures).toMatch(/<pre class="cmd" id="curl-f-\d+">curl /);
        // the traceability table names the violated requirement with a failure
        expect(dom).toMatch(/<tr id="req--IF-4\.1-NS-NET" class="v-failed">/);

        const png = join(reportDir, 'report.png');
        await chromium([`--screenshot=${png}`], file);
        const bytes = await readFile(png);
        expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
        expect((await stat(png)).size).toBeGreaterThan(20_000);
      } finally {
        await rm(reportDir, { recursive: true, force: true });
      }
    },
    3 * BROWSER_TIMEOUT_MS,
  );

  it(
    'hostile target text stays inert when a browser renders it',
    async (ctx) => {
      needChromium(ctx);
      const reportDir = await mkdtemp(join(tmpdir(), 'cn-report-'));
      try {
        const file = join(reportDir, 'report.html');
        await writeFile(file, renderHtmlReport(hostileSummary(`<script>document.body.setAttribute('data-pwned','1')</script>`)));
        const { stdout: dom } = await chromium(['--dump-dom'], file);
        expect(dom).toContain('<table id="matrix"');
        expect(dom).not.toContain('data-pwned="1"');
        expect(dom).not.toMatch(/<img|<iframe|<link/);
        expect(dom).toContain('&lt;script&gt;');
      } finally {
        await rm(reportDir, { recursive: true, force: true });
      }
    },
    2 * BROWSER_TIMEOUT_MS,
  );
});
