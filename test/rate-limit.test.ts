// The global rate limit: every request through one Transport starts no sooner than the rate
// allows, together with the concurrency bound. Timing is measured where it matters, on arrival at
// the server, with generous tolerances. The server listens on 127.0.0.1 only.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Transport } from '../transport/send.ts';

let server: Server;
let base = '';
let arrivals: number[] = [];
let inFlight = 0;
let maxInFlight = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    arrivals.push(performance.now());
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    req.resume();
    // Each answer takes a while, so the concurrency bound is exercised too.
    setTimeout(() => {
      inFlight--;
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    }, 30);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

beforeEach(() => {
  arrivals = [];
  inFlight = 0;
  maxInFlight = 0;
});

const N = 30;
const RATE = 50;
const minSpanMs = ((N - 1) / RATE) * 1000; // 580 ms

async function sendAll(transport: Transport): Promise<void> {
  try {
    // Mixed methods and paths: the limit is per transport, not per operation or binding.
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        transport.send(i % 2 ? { method: 'GET', url: `${base}/a?i=${i}`, headers: {}, body: '' } : { method: 'POST', url: `${base}/b`, headers: { 'content-type': 'text/plain' }, body: String(i) }),
      ),
    );
    for (const r of results) expect(r.error).toBeUndefined();
  } finally {
    await transport.close();
  }
  expect(arrivals).toHaveLength(N);
}

describe('rateLimit', () => {
  it('spaces request starts at the rate, across requests, within the concurrency bound', async () => {
    await sendAll(new Transport({ timeoutMs: 5000, maxResponseBytes: 1 << 20, concurrency: 4, rateLimit: RATE }));
    const span = arrivals[N - 1] - arrivals[0];
    expect(span).toBeGreaterThanOrEqual(minSpanMs * 0.95);
    // No window of one second holds more than rate + 1 arrivals.
    for (const [i, t] of arrivals.entries()) {
      expect(arrivals.filter((a, j) => j >= i && a < t + 1000).length).toBeLessThanOrEqual(RATE + 1);
    }
    expect(maxInFlight).toBeLessThanOrEqual(4);
  });

  it('with no concurrency bound to lean on, the rate alone spaces the starts', async () => {
    // 30 requests at 20/s: the whole burst must take at least (30 - 1) / 20 s.
    const t0 = performance.now();
    await sendAll(new Transport({ timeoutMs: 5000, maxResponseBytes: 1 << 20, concurrency: 30, rateLimit: 20 }));
    expect(arrivals[N - 1] - arrivals[0]).toBeGreaterThanOrEqual(((N - 1) / 20) * 1000 * 0.95);
    expect(arrivals[0] - t0).toBeLessThan(1000); // the first request is not held back
  });

  it('without rateLimit adds no delay: the same requests arrive faster than the limit would allow', async () => {
    await sendAll(new Transport({ timeoutMs: 5000, maxResponseBytes: 1 << 20, concurrency: 4 }));
    // 30 requests, 4 at a time, 30 ms each: about 8 rounds, some 240 ms, well under 580 ms.
    expect(arrivals[N - 1] - arrivals[0]).toBeLessThan(minSpanMs);
    expect(maxInFlight).toBeLessThanOrEqual(4);
  });
});
