// Determinism: the same seed and configuration, with the clock injected, produce the same request
// sequence byte for byte; another seed does not.
import { describe, expect, it } from 'vitest';
import { resolveProfile } from '../config/profile.ts';
import { resolveSettings } from '../config/load.ts';
import { fixedClock } from '../generators/clock.ts';
import { referenceProfile } from '../reference/profile.ts';
import { startReference } from '../reference/server.ts';
import { executeRun } from '../specs/harness/execute.ts';
import { embeddedConfig } from '../reference/embedded.ts';

const CLOCK = Date.UTC(2026, 10, 22, 8, 0, 0);

/** Every request the target received, in arrival order, as bytes. */
async function recordRun(seed: number, concurrency: number): Promise<string[]> {
  const seen: string[] = [];
  // The security-office namespace is `{base_url}/` by default, and each server has its own port:
  // pinned, so that the configuration is the same.
  const config = embeddedConfig({ concurrency, securityOfficeNamespace: 'http://campus.example/' });
  const server = await startReference({
    profile: referenceProfile(resolveProfile(config), 'http://campus.example/'),
    clock: fixedClock(CLOCK),
    deviation: {
      request: (r) => {
        const { host: _host, connection: _c, ...headers } = r.headers; // the port of this server, and keep-alive
        seen.push(JSON.stringify([r.method, r.url, headers, r.body.toString('base64')]));
        return r;
      },
    },
  });
  try {
    const settings = resolveSettings(config, { seed, runs: 3, clockMs: CLOCK }, server);
    await executeRun(settings);
  } finally {
    await server.close();
  }
  return seen;
}

describe('the same seed and configuration', () => {
  it('send the same requests in the same order, byte for byte (one at a time)', async () => {
    const [a, b] = [await recordRun(42, 1), await recordRun(42, 1)];
    expect(a.length).toBeGreaterThan(500);
    expect(b).toEqual(a);
  }, 120_000);

  it('send the same requests with concurrency too (arrival order aside)', async () => {
    const [a, b] = [await recordRun(42, 8), await recordRun(42, 8)];
    expect([...b].sort()).toEqual([...a].sort());
  }, 120_000);

  it('and another seed sends other requests', async () => {
    const [a, b] = [await recordRun(42, 1), await recordRun(43, 1)];
    expect(b).not.toEqual(a);
  }, 120_000);
});
