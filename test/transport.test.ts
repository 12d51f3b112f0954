// The transport records whatever a target does (answers, silence, resets, huge bodies) as an
// exchange, and never throws for it. Servers here listen on 127.0.0.1 only.
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Transport } from '../transport/send.ts';

let http: Server;
let tcp: TcpServer;
let base = '';
let tcpUrl = '';
const seenFrom: string[] = [];

beforeAll(async () => {
  http = createServer((req, res) => {
    seenFrom.push(req.socket.remoteAddress ?? '');
    if (req.url === '/silent') return; // never answers
    if (req.url === '/big') {
      res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      let sent = 0;
      const pump = () => {
        while (sent < 64 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return res.once('drain', pump);
        }
        res.end();
      };
      return pump();
    }
    if (req.url?.startsWith('/coded/')) {
      // /coded/<coding>: a small document in that coding; /coded/bomb: 64 MiB of zeros as gzip;
      // /coded/stalls: a gzip header and then silence; /coded/liar: "gzip" over plain text.
      const kind = req.url.slice('/coded/'.length);
      const doc = Buffer.from('<string xmlns="PassPort_Net">中文 ok</string>');
      if (kind === 'gzip') return res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(doc));
      if (kind === 'deflate') return res.writeHead(200, { 'content-encoding': 'deflate' }).end(deflateSync(doc));
      if (kind === 'br') return res.writeHead(200, { 'content-encoding': 'br' }).end(brotliCompressSync(doc));
      if (kind === 'stacked') return res.writeHead(200, { 'content-encoding': 'deflate, gzip' }).end(gzipSync(deflateSync(doc)));
      if (kind === 'unknown') return res.writeHead(200, { 'content-encoding': 'zstd' }).end(doc);
      if (kind === 'bomb') return res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(64 * 1024 * 1024)));
      if (kind === 'stalls') return res.writeHead(200, { 'content-encoding': 'gzip' }).write(gzipSync(doc).subarray(0, 12));
      if (kind === 'liar') return res.writeHead(200, { 'content-encoding': 'gzip' }).end(doc);
    }
    if (req.url === '/echo') {
      const parts: Buffer[] = [];
      req.on('data', (c: Buffer) => parts.push(c));
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'x-twice': ['a', 'b'] });
        res.end(`${req.method} ${req.headers['content-type'] ?? ''} ${Buffer.concat(parts).toString('utf8')}`);
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  // A server that accepts and resets at once.
  tcp = createTcpServer((s) => s.resetAndDestroy());
  await new Promise<void>((r) => tcp.listen(0, '127.0.0.1', r));
  tcpUrl = `http://127.0.0.1:${(tcp.address() as AddressInfo).port}`;
});

afterAll(async () => {
  http.closeAllConnections();
  await new Promise((r) => http.close(r));
  await new Promise((r) => tcp.close(r));
});

const transport = (o: Partial<ConstructorParameters<typeof Transport>[0]> = {}) =>
  new Transport({ timeoutMs: 2000, maxResponseBytes: 1024 * 1024, concurrency: 4, ...o });

describe('transport', () => {
  it('records status, headers (lower case, repeated ones joined) and body bytes', async () => {
    const t = transport();
    const r = await t.send({ method: 'POST', url: `${base}/echo`, headers: { 'content-type': 'text/xml; charset=utf-8' }, body: '<a>中</a>' });
    await t.close();
    expect(r.error).toBeUndefined();
    expect(r.response!.status).toBe(200);
    expect(r.response!.headers['x-twice']).toBe('a, b');
    expect(r.response!.body.toString('utf8')).toBe('POST text/xml; charset=utf-8 <a>中</a>');
    expect(r.durationMs).toBeGreaterThan(0);
  });

  it('turns silence into a TIMEOUT error within the timeout', async () => {
    const t = transport({ timeoutMs: 300 });
    const t0 = Date.now();
    const r = await t.send({ method: 'GET', url: `${base}/silent`, headers: {}, body: '' });
    await t.close();
    expect(r.error?.code).toBe('TIMEOUT');
    expect(Date.now() - t0).toBeLessThan(2000);
  });

  it('cuts a huge body at the cap and says so', async () => {
    const t = transport({ maxResponseBytes: 100_000 });
    const r = await t.send({ method: 'GET', url: `${base}/big`, headers: {}, body: '' });
    await t.close();
    expect(r.response!.truncated).toBe(true);
    expect(r.response!.body.length).toBe(100_000);
  });

  describe('reads through a content coding (RFC 9110 §12.5.3: no Accept-Encoding accepts any)', () => {
    const get = async (kind: string, o: Partial<ConstructorParameters<typeof Transport>[0]> = {}) => {
      const t = transport(o);
      const r = await t.send({ method: 'GET', url: `${base}/coded/${kind}`, headers: {}, body: '' });
      await t.close();
      return r;
    };
    it.each(['gzip', 'deflate', 'br', 'stacked'])('%s: the body as the target meant it, the header as sent', async (kind) => {
      const r = await get(kind);
      expect(r.error).toBeUndefined();
      expect(r.response!.body.toString('utf8')).toBe('<string xmlns="PassPort_Net">中文 ok</string>');
      expect(r.response!.headers['content-encoding']).toBeDefined();
    });
    it('an unknown coding: the bytes as sent, for the checks to judge', async () => {
      const r = await get('unknown');
      expect(r.error).toBeUndefined();
      expect(r.response!.body.toString('utf8')).toContain('PassPort_Net');
    });
    it('a gzip bomb costs the cap: decoding stops there, and says so', async () => {
      const r = await get('bomb', { maxResponseBytes: 100_000 });
      expect(r.error).toBeUndefined();
      expect(r.response!.truncated).toBe(true);
      expect(r.response!.body.length).toBe(100_000);
    });
    it('a coded body that stalls is a TIMEOUT, not a hang', async () => {
      const r = await get('stalls', { timeoutMs: 300 });
      expect(r.error?.code).toBe('TIMEOUT');
    });
    it('a body that is not in its declared coding is an answer with a BAD_CONTENT_CODING error', async () => {
      const r = await get('liar');
      expect(r.error?.code).toBe('BAD_CONTENT_CODING');
      expect(r.error?.message).toMatch(/does not decode as gzip/);
      expect(r.response?.status).toBe(200);
    });
  });

  it('records a reset and a refused connection as errors', async () => {
    const t = transport();
    const reset = await t.send({ method: 'GET', url: `${tcpUrl}/`, headers: {}, body: '' });
    const port = (tcp.address() as AddressInfo).port;
    await new Promise((r) => tcp.close(r));
    const refused = await t.send({ method: 'GET', url: `http://127.0.0.1:${port}/`, headers: {}, body: '' });
    tcp = createTcpServer(() => undefined).listen(0, '127.0.0.1');
    await t.close();
    expect(reset.error?.code).toMatch(/CONNECTION_RESET|OTHER/);
    expect(refused.error?.code).toBe('CONNECTION_REFUSED');
  });

  it('sends from the local address it is given (caller IP checks, spec §5.4)', async () => {
    const t = transport();
    seenFrom.length = 0;
    await t.send({ method: 'GET', url: `${base}/echo`, headers: {}, body: '' }, '127.0.0.2');
    await t.send({ method: 'GET', url: `${base}/echo`, headers: {}, body: '' });
    await t.close();
    expect(seenFrom).toEqual(['127.0.0.2', '127.0.0.1']);
  });

  it('keeps no more requests in flight than its concurrency', async () => {
    let inFlight = 0;
    let most = 0;
    const slow = createServer((_req, res) => {
      inFlight++;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight--;
        res.end('x');
      }, 20);
    });
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/`;
    const t = transport({ concurrency: 3 });
    await Promise.all(Array.from({ length: 12 }, () => t.send({ method: 'GET', url, headers: {}, body: '' })));
    await t.close();
    await new Promise((r) => slow.close(r));
    expect(most).toBe(3);
  });
});
