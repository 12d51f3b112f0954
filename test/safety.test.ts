// Proof of DESIGN.md "Safety against real systems": a default run against a real target sends not
// one state-changing request. The real CLI runs in a child process against a recording reverse
// proxy in front of the TypeScript reference; to the CLI the proxy is a real target (not the
// embedded reference). Every recorded request is classified into the operation(s) it names, by
// every route a server could dispatch on. Servers listen on 127.0.0.1 only.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BINDING_IDS, DEFAULT_PATHS, type BindingId } from '../contracts/bindings.ts';
import { encodeRequest } from '../bindings/encode.ts';
import { OPERATIONS } from '../contracts/operations.ts';
import { resolveProfile } from '../config/profile.ts';
import { referenceProfile } from '../reference/profile.ts';
import { startReference, type ReferenceServer } from '../reference/server.ts';
import { checksFor } from '../specs/harness/plan.ts';
import { elementChildren, parseXml } from '../validators/xml.ts';
import type { Summary } from '../reports/model.ts';

const BIN = fileURLToPath(new URL('../bin/campusnet-conformance.js', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'campusnet-safety-'));

const MUTATING = OPERATIONS.filter((o) => o.mutates).map((o) => o.name);
const READ_ONLY = OPERATIONS.filter((o) => !o.mutates).map((o) => o.name);
// Names are matched case-insensitively: a host that dispatches loosely must not slip through.
const CANONICAL = new Map(OPERATIONS.map((o) => [o.name.toLowerCase(), o.name]));
const canonical = (name: string): string => CANONICAL.get(name.toLowerCase()) ?? name;

interface Recorded {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

interface Classified {
  /** 'documentation': ?WSDL or the endpoint page; otherwise the binding the request uses. */
  readonly kind: BindingId | 'documentation' | 'unknown';
  /** The operation named by each route (path segment, body element, SOAPAction, SOAP 1.2 action). */
  readonly names: readonly string[];
}

const header = (h: IncomingHttpHeaders, name: string): string => [h[name] ?? []].flat().join(', ');

/** The operation(s) a request names, by every route a server could dispatch on. */
function classify(r: Recorded): Classified {
  const url = new URL(r.url, 'http://proxy.invalid');
  const pathInfo = /\.asmx\/([^/]*)/i.exec(url.pathname);
  if (pathInfo) return { kind: r.method === 'GET' ? 'get' : 'post', names: [canonical(decodeURIComponent(pathInfo[1]))] };
  if (r.method === 'GET') return { kind: 'documentation', names: [] }; // ?WSDL, or the endpoint's page (the preflight)
  const names: string[] = [];
  const parsed = parseXml(r.body);
  const body = parsed.ok ? elementChildren(parsed.doc.root).find((e) => e.local === 'Body') : undefined;
  const first = body && elementChildren(body)[0];
  if (first) names.push(canonical(first.local));
  else names.push(...unparsedNames(r.body));
  const contentType = header(r.headers, 'content-type');
  const soapAction = header(r.headers, 'soapaction').replace(/^"|"$/g, '');
  if (soapAction) names.push(canonical(soapAction.slice(soapAction.lastIndexOf('/') + 1)));
  const action = /;\s*action="?([^";]*)"?/i.exec(contentType)?.[1];
  if (action) names.push(canonical(action.slice(action.lastIndexOf('/') + 1)));
  const kind = /^text\/xml/i.test(contentType) ? 'soap11' : /^application\/soap\+xml/i.test(contentType) ? 'soap12' : 'unknown';
  return { kind, names };
}

/** A body that is not XML (a deliberate malformed case): any operation name written as an element. */
function unparsedNames(body: string): string[] {
  return OPERATIONS.filter((o) => new RegExp(`<(?:[\\w.-]+:)?${o.name}[\\s/>]`, 'i').test(body)).map((o) => o.name);
}

let reference: ReferenceServer;
let proxy: Server;
let proxyUrl = '';
let recorded: Recorded[] = [];

beforeAll(async () => {
  reference = await startReference({ profile: referenceProfile(resolveProfile({}), '') });
  // Forwards each request unchanged (less hop-by-hop headers) and records it first.
  proxy = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(parts);
      recorded.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: body.toString('utf8') });
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !HOP_BY_HOP.has(k))) as Record<string, string | string[]>;
      try {
        const upstream = await request(reference.url + (req.url ?? '/'), {
          method: req.method as 'GET',
          headers,
          body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
        });
        const answer = Buffer.from(await upstream.body.arrayBuffer());
        const out = Object.fromEntries(Object.entries(upstream.headers).filter(([k]) => !HOP_BY_HOP.has(k) && k !== 'content-length'));
        res.writeHead(upstream.statusCode, out as Record<string, string | string[]>).end(answer);
      } catch (e) {
        res.writeHead(502, { 'content-type': 'text/plain' }).end(`proxy: ${(e as Error).message}`);
      }
    });
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'expect', 'proxy-connection', 'te', 'trailer']);

afterAll(async () => {
  proxy?.closeAllConnections();
  await new Promise((r) => proxy?.close(r));
  await reference?.close();
});

beforeEach(() => {
  recorded = [];
});

/** The real command against the proxy, a real target to it; resolves with the summary. */
async function runCli(name: string, extra: Record<string, unknown>): Promise<Summary> {
  const cfg = join(work, `${name}.json`);
  writeFileSync(cfg, JSON.stringify({ securityOfficeNamespace: reference.securityOfficeNamespace, ...extra }));
  const reportDir = join(work, name);
  const r = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [BIN, 'run', '--target', proxyUrl, '--config', cfg, '--runs', '3', '--report-dir', reportDir], { timeout: 240_000, maxBuffer: 1 << 26 }, (err, stdout, stderr) =>
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 99) : 0, stdout, stderr }),
    );
  });
  // 0 (passed) or 1 (a check failed) both mean the run completed.
  expect([0, 1], `exit ${r.code}\n${r.stdout}\n${r.stderr}`).toContain(r.code);
  return JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as Summary;
}

/** operation → bindings it was sent over, from the recorded traffic. */
function sentOperations(): Map<string, Set<string>> {
  const sent = new Map<string, Set<string>>();
  for (const r of recorded) {
    const c = classify(r);
    for (const n of c.names) {
      if (!sent.has(n)) sent.set(n, new Set());
      sent.get(n)!.add(c.kind);
    }
  }
  return sent;
}

const missingBindings = (sent: Map<string, Set<string>>, op: string): BindingId[] => BINDING_IDS.filter((b) => !sent.get(op)?.has(b));

describe('the classifier', () => {
  it('names exactly the operation of each encoded request, by every route, in every binding', () => {
    const settings = { baseUrl: 'http://target.invalid', paths: DEFAULT_PATHS, securityOfficeNamespace: 'http://target.invalid/' };
    for (const op of OPERATIONS) {
      for (const binding of BINDING_IDS) {
        const req = encodeRequest(op, binding, op.params.map((p) => ({ name: p.name, text: 'x' })), { settings });
        const c = classify({ ...req, url: new URL(req.url).pathname + new URL(req.url).search, headers: req.headers });
        expect(c, `${op.name} ${binding}`).toEqual({ kind: binding, names: binding === 'soap11' ? [op.name, op.name] : [op.name] });
      }
    }
    expect(classify({ method: 'GET', url: '/API/net.asmx?WSDL', headers: {}, body: '' }).kind).toBe('documentation');
    expect(classify({ method: 'POST', url: '/API/net.asmx', headers: { 'content-type': 'text/plain' }, body: '<s:Envelope><s:Body><DeleteUser>' }).names).toEqual(['DeleteUser']);
  });
});

describe('safety against real systems (DESIGN.md)', () => {
  it('a default run against a real target sends no state-changing request, and reports why', { timeout: 300_000 }, async () => {
    const summary = await runCli('default', {});
    expect(recorded.length).toBeGreaterThan(0);

    const offending = recorded.map((r) => ({ r, c: classify(r) })).filter(({ c }) => c.names.some((n) => MUTATING.includes(n)));
    expect(offending.map(({ r, c }) => `${r.method} ${r.url} ${c.names.join(',')}`)).toEqual([]);

    // Not vacuous: every read-only operation went out in every binding.
    const sent = sentOperations();
    for (const op of READ_ONLY) expect(missingBindings(sent, op), op).toEqual([]);
    expect(recorded.some((r) => classify(r).kind === 'documentation' && /\?wsdl$/i.test(r.url))).toBe(true);

    // Every check of every mutating operation is reported skipped, naming allowMutations; only the
    // published-WSDL check, which reads ?WSDL, still runs.
    for (const op of MUTATING) {
      for (const binding of BINDING_IDS) {
        const checks = checksFor(OPERATIONS.find((o) => o.name === op)!, binding);
        expect(checks.filter((c) => c.scope === 'wsdl').map((c) => c.id)).toEqual(['checkPublishedWsdlMatchesContracts']);
        const expected = checks.filter((c) => c.scope !== 'wsdl').map((c) => c.id).sort();
        expect(expected.length).toBeGreaterThan(0);
        const entries = summary.results.filter((e) => e.operation === op && e.binding === binding && e.check !== 'checkPublishedWsdlMatchesContracts');
        expect(entries.map((e) => e.check).sort(), `${op} ${binding}`).toEqual(expected);
        for (const e of entries) {
          expect(e.verdict, `${e.check} ${op} ${binding}`).toBe('skipped');
          expect(e.message).toMatch(/allowMutations/);
        }
      }
    }
  });

  it('with "allowMutations": true the same run does send state-changing operations (the recorder sees them)', { timeout: 300_000 }, async () => {
    await runCli('mutations', { allowMutations: true });
    const sent = sentOperations();
    for (const op of ['DeleteUser', 'ActiveCampusAccount']) expect(missingBindings(sent, op), op).toEqual([]);
    for (const op of MUTATING) expect(sent.has(op), op).toBe(true);
  });
});
