// Interrupted runs: on SIGINT or SIGTERM the suite stops sending, writes its reports with what it
// has (marked incomplete) and exits 130 or 143, well before the run would have ended.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summarySchema } from '../reports/summarySchema.ts';

const BIN = fileURLToPath(new URL('../bin/campusnet-conformance.js', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'campusnet-interrupt-'));

// A target that answers slowly: uninterrupted, 50 cases x 80 requests at 200 ms would take minutes.
let slow: Server;
let url = '';
beforeAll(async () => {
  slow = createServer((_req, res) => setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('slow'), 200));
  await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
  writeFileSync(join(work, 'config.json'), JSON.stringify({ concurrency: 2, timeoutMs: 2000 }));
});
afterAll(() => {
  slow.closeAllConnections();
  return new Promise((r) => slow.close(r));
});

function interrupted(signal: 'SIGINT' | 'SIGTERM', dir: string): Promise<{ code: number | null; ms: number; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, 'run', '--target', url, '--config', join(work, 'config.json'), '--runs', '50', '--report-dir', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    let sentAt = 0;
    // Once the run is sending (a few seconds in), interrupt it.
    const timer = setTimeout(() => {
      sentAt = Date.now();
      child.kill(signal);
    }, 5000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, ms: Date.now() - sentAt, err });
    });
  });
}

describe('interrupted runs', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s stops sending, writes the reports marked incomplete and exits %i', async (signal, exit) => {
    const dir = join(work, signal);
    const r = await interrupted(signal, dir);
    expect(r.code, r.err).toBe(exit);
    // Within the in-flight requests' timeout and the time to check and report, not minutes.
    expect(r.ms).toBeLessThan(20_000);
    expect(r.err).toMatch(new RegExp(`${signal}: stopping`));
    const summary = summarySchema.parse(JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')));
    expect(summary.incomplete).toBe(true);
    expect(summary.results.some((x) => x.verdict === 'skipped' && /interrupted/.test(x.message))).toBe(true);
    expect(summary.results.some((x) => x.verdict === 'failed')).toBe(true); // what was sent was checked
    expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toContain('<testsuites');
  }, 60_000);
});
