// `npm run bench`: a full default certification of the reference (every operation and binding,
// 100 generated cases each, negative cases and scenarios included), then a plain undici replay of
// exactly the requests it sent, against the same target in the same process. Prints wall time,
// exchanges per second, peak memory and the suite/replay ratio (the cost of generating, checking
// and reporting). Figures, not a test: targets are printed next to them. Run from a bundle by
// scripts/bench.mjs, as the command runs.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { resolveProfile } from '../config/profile.ts';
import { embeddedConfig } from '../reference/embedded.ts';
import { referenceProfile } from '../reference/profile.ts';
import { startReference } from '../reference/server.ts';
import { certify } from '../cli/certify.ts';

interface Recorded {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}

const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(0);

async function main(): Promise<void> {
  // The embedded reference's configuration, with a recorder in front of its host.
  const config = { ...embeddedConfig({}), allowMutations: true };
  const recorded: Recorded[] = [];
  const server = await startReference({
    profile: referenceProfile(resolveProfile(config), ''),
    deviation: {
      request: (r) => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(r.headers)) if (typeof v === 'string' && k !== 'host' && k !== 'connection' && k !== 'content-length') headers[k] = v;
        recorded.push({ method: r.method, path: r.url, headers, body: r.body });
        return r;
      },
    },
  });
  const reportDir = await mkdtemp(join(tmpdir(), 'campusnet-bench-'));
  try {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const result = await certify({
      config: { ...config, securityOfficeNamespace: server.securityOfficeNamespace, seed: 1 },
      overrides: { target: server.url, runs: RUNS },
      reportDir,
    });
    const suiteMs = performance.now() - t0;
    // All threads of this process (the target's, the suite's worker); not Java's XSD validator.
    const cpu = process.cpuUsage(cpu0);
    const peakRss = process.resourceUsage().maxRSS * 1024;
    const verdict = result.summary?.verdict ?? 'none';

    // The same requests, as plain undici sends them, at the suite's concurrency. (A copy: the
    // recorder goes on recording, the replay too.)
    const sent = recorded.slice();
    const concurrency = result.settings.concurrency;
    const agent = new Agent({ connections: concurrency });
    let next = 0;
    const t1 = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < sent.length) {
          const r = sent[next++];
          const res = await request(server.url + r.path, { method: r.method as 'GET' | 'POST', headers: r.headers, body: r.method === 'GET' ? undefined : r.body, dispatcher: agent });
          await res.body.arrayBuffer();
        }
      }),
    );
    const replayMs = performance.now() - t1;
    await agent.close();

    const ratio = suiteMs / replayMs;
    const rows: [string, string, string][] = [
      ['verdict', verdict, 'passed'],
      ['cases per operation and binding', String(RUNS), '100'],
      ['exchanges (requests the target received)', String(sent.length), ''],
      ['wall time of the certification', `${(suiteMs / 1000).toFixed(1)} s`, '<= 20 s'],
      ['exchanges per second', (sent.length / (suiteMs / 1000)).toFixed(0), ''],
      ['CPU time of the certification (user + sys)', `${((cpu.user + cpu.system) / 1e6).toFixed(1)} s`, ''],
      ['plain undici replay of the same requests', `${(replayMs / 1000).toFixed(1)} s`, ''],
      ['suite / replay ratio', ratio.toFixed(2), '<= 2.0'],
      ['peak memory (RSS, this process)', `${mib(peakRss)} MiB`, '< 512 MiB'],
    ];
    console.log(`campusnet-conformance bench (node ${process.version}, ${(await import('node:os')).cpus().length} cores)`);
    for (const [k, v, target] of rows) console.log(`${k.padEnd(44)} ${v.padStart(10)}${target ? `   target ${target}` : ''}`);
  } finally {
    await server.close();
    await rm(reportDir, { recursive: true, force: true });
  }
}

await main();
