// Hostile targets: small servers on 127.0.0.1 that misbehave in one way each, for every request
// (any path, any method). test/hostile/hostile.test.ts runs the real CLI against each of them to
// prove that a hostile target yields findings with evidence, in bounded time and memory, and never
// a crash. Every server counts the requests it saw, so a test can tell that the suite did not
// loop (a followed redirect, a retry storm), and closes without leaving a handle open.
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { createGzip } from 'node:zlib';

export interface HostileServer {
  /** Base URL, e.g. `http://127.0.0.1:41234` (no trailing slash, like a `--target`). */
  readonly url: string;
  /** Requests (HTTP) or connections with a request (raw TCP servers) seen so far. */
  readonly requests: () => number;
  /** Stops listening and destroys every open connection; resolves once the server is closed. */
  close(): Promise<void>;
}

/** The namespace of the service (GET/POST answers are `<string xmlns="PassPort_Net">`). */
const NS = 'PassPort_Net';

/** Listens on an ephemeral loopback port, tracking sockets so close() can end them all. */
async function listen(server: Server, count: () => number): Promise<HostileServer> {
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: count,
    close() {
      // server.close() waits for open connections, and a hostile server keeps them open on
      // purpose (silence, drip): destroy them, then wait for the listening handle to go.
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
      return closing;
    },
  };
}

/** An HTTP server answering every request with `handler`, counting them. */
function httpServer(handler: (req: IncomingMessage, res: ServerResponse, base: string) => void): Promise<HostileServer> {
  let n = 0;
  let base = '';
  const server = createHttpServer((req, res) => {
    n++;
    // Read (and drop) whatever body the request has, so the request completes on our side.
    req.resume();
    handler(req, res, base);
  });
  // Node's own defaults would answer a slow request with 408 and end keep-alive after 5 s: a
  // hostile server should only do what it is written to do.
  server.requestTimeout = 0;
  server.headersTimeout = 0;
  server.keepAliveTimeout = 0;
  return listen(server, () => n).then((s) => ((base = s.url), s));
}

/** A raw TCP server: `onRequest` runs once per connection, when the first request bytes arrive. */
function tcpServer(onRequest: (socket: Socket) => void): Promise<HostileServer> {
  let n = 0;
  const server = createNetServer((socket) => {
    socket.on('error', () => undefined); // the client going away is expected, not a crash
    socket.once('data', () => {
      n++;
      onRequest(socket);
    });
  });
  return listen(server, () => n);
}

/** 1. Accepts the connection, reads the request, and never writes a byte. */
export function silentServer(): Promise<HostileServer> {
  // Keep reading (the socket stays flowing) so the client's request is fully consumed; answer nothing.
  return tcpServer((socket) => socket.resume());
}

/** 2. A status line and headers, then one body byte a second, forever (a slowloris answer). */
export function dripServer(): Promise<HostileServer> {
  return httpServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8' });
    res.flushHeaders();
    const timer = setInterval(() => res.write('<'), 1000);
    // Stop dripping once the client gives up (or close() destroys the socket).
    res.once('close', () => clearInterval(timer));
  });
}

/** The 1 GiB body's size, announced in Content-Length. */
export const GIB = 1024 * 1024 * 1024;

/** 3. A 1 GiB response, streamed from one reused ~64 KiB buffer with backpressure. */
export function hugeResponseServer(): Promise<HostileServer> {
  // 65535 = 3 × 21845: the `<a>` pattern runs on across chunks. Allocated once, shared by all.
  const chunk = Buffer.alloc(65535, '<a>');
  return httpServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8', 'Content-Length': String(GIB) });
    let left = GIB;
    let closed = false;
    res.once('close', () => (closed = true));
    const pump = () => {
      // Write until the socket buffer is full, then wait for 'drain': memory stays one chunk deep.
      while (!closed && left > 0) {
        const n = Math.min(left, chunk.length);
        left -= n;
        const more = res.write(n === chunk.length ? chunk : chunk.subarray(0, n));
        if (!more) {
          res.once('drain', pump);
          return;
        }
      }
      if (!closed) res.end();
    };
    pump();
  });
}

/** 4. Resets the connection (TCP RST) as soon as the request arrives. */
export function resetServer(): Promise<HostileServer> {
  return tcpServer((socket) => socket.resetAndDestroy());
}

/** 5. HTTP 200 with a SOAP envelope that is never closed. */
export function malformedXmlServer(): Promise<HostileServer> {
  const body = '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>';
  return httpServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8' }).end(body));
}

/** The word the entity bomb multiplies: it must never appear twice in a row in any output. */
export const BOMB_WORD = 'KABOOM';

/** 6. An entity-expansion bomb ("billion laughs"): 10 levels of 10 references, 10^10 words. */
export function entityBombServer(): Promise<HostileServer> {
  const levels = [`<!ENTITY b0 "${BOMB_WORD}">`];
  for (let i = 1; i < 10; i++) levels.push(`<!ENTITY b${i} "${`&b${i - 1};`.repeat(10)}">`);
  const body = `<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE string [\n${levels.join('\n')}\n]>\n<string xmlns="${NS}">&b9;</string>`;
  return httpServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8' }).end(body));
}

/** 7. An external entity that would pull a local file into the result if a parser resolved it. */
export function externalEntityServer(): Promise<HostileServer> {
  const body = `<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE string [\n<!ENTITY xxe SYSTEM "file:///etc/passwd">\n]>\n<string xmlns="${NS}">&xxe;</string>`;
  return httpServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8' }).end(body));
}

/** Uncompressed size of the gzip bomb. */
export const GZIP_BOMB_INFLATED = GIB;

/**
 * The gzip of 1 GiB of zeros, about 1 MiB, built by streaming one reused 1 MiB zero buffer
 * through zlib (never 1 GiB in memory). Takes a few seconds, so it is built once and shared.
 */
let bomb: Promise<Buffer> | undefined;
export function gzipBomb(): Promise<Buffer> {
  bomb ??= (async () => {
    const gz = createGzip({ level: 9, memLevel: 9 });
    const out: Buffer[] = [];
    gz.on('data', (c: Buffer) => out.push(c));
    const ended = new Promise<void>((resolve, reject) => gz.once('end', resolve).once('error', reject));
    const zeros = Buffer.alloc(1024 * 1024);
    for (let written = 0; written < GZIP_BOMB_INFLATED; written += zeros.length) {
      if (!gz.write(zeros)) await new Promise((resolve) => gz.once('drain', resolve));
    }
    gz.end();
    await ended;
    return Buffer.concat(out);
  })();
  return bomb;
}

/** 8. HTTP 200, `Content-Encoding: gzip`, a body that inflates to 1 GiB of zeros. */
export async function gzipBombServer(): Promise<HostileServer> {
  const body = await gzipBomb();
  return httpServer((_req, res) =>
    res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8', 'Content-Encoding': 'gzip', 'Content-Length': String(body.length) }).end(body),
  );
}

/** Non-ASCII text of the wrong-charset answer (Latin-1 encodable). */
export const LATIN1_TEXT = 'Café, naïve façade, Ærø, ¿qué?';

/** 9. HTTP 200 declared and encoded as ISO-8859-1, where the service must answer in UTF-8. */
export function wrongCharsetServer(): Promise<HostileServer> {
  const body = Buffer.from(`<?xml version="1.0" encoding="iso-8859-1"?><string xmlns="${NS}">${LATIN1_TEXT}</string>`, 'latin1');
  return httpServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/xml; charset=iso-8859-1', 'Content-Length': String(body.length) }).end(body));
}

/** 10. HTTP 302 to the very URL that was asked for, every time: following it would never end. */
export function redirectLoopServer(): Promise<HostileServer> {
  return httpServer((req, res, base) => res.writeHead(302, { Location: base + (req.url ?? '/'), 'Content-Length': '0' }).end());
}
