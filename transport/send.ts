// Sends an encoded request with undici and records the exchange. The transport never throws for
// what a target does (timeouts, resets, huge bodies): those become recorded errors, so a hostile
// target produces findings, not a crashed run.
import { Agent, request, type Dispatcher } from 'undici';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { pipeline, type Readable, type Transform } from 'node:stream';
import { EventEmitter } from 'node:events';
import type { EncodedRequest } from '../bindings/encode.ts';
import type { RecordedResponse, TransportErrorCode } from './exchange.ts';

export interface TransportOptions {
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  readonly concurrency: number;
  /** Request starts per second, at most, over everything this transport sends; absent: unlimited. */
  readonly rateLimit?: number;
}

export interface SendResult {
  readonly response?: RecordedResponse;
  readonly error?: { code: TransportErrorCode; message: string };
  readonly startedAt: number;
  readonly durationMs: number;
}

/** A counting semaphore: the global bound on requests in flight. */
class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly max: number) {}
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await fn();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

/**
 * Spaces request starts at least 1000/rate ms apart: each start reserves the next free slot,
 * max(now, last slot + interval), and sleeps until it. Slots are exact (no bursts, no token bucket
 * to drain), so a fragile target sees a steady rate however many callers share the transport.
 */
class Pacer {
  private last = -Infinity; // performance.now() of the latest slot handed out
  constructor(private readonly intervalMs: number) {}
  async wait(): Promise<void> {
    const slot = Math.max(performance.now(), this.last + this.intervalMs);
    this.last = slot;
    // Timers may fire up to a millisecond early (libuv's clock is coarser): sleep again then.
    for (let d = slot - performance.now(); d > 0; d = slot - performance.now()) {
      await new Promise((resolve) => setTimeout(resolve, Math.ceil(d)));
    }
  }
}

/**
 * One deadline for a whole exchange (connect, headers, a body that drips): an abort signal for
 * undici, which takes an EventEmitter as readily as an AbortSignal. Thousands of requests a
 * second made AbortSignal.timeout's timers and event targets a tenth of the suite's own CPU time.
 */
class Deadline extends EventEmitter {
  aborted = false;
  private readonly timer: NodeJS.Timeout;
  constructor(ms: number) {
    super();
    this.timer = setTimeout(() => {
      this.aborted = true;
      this.emit('abort');
    }, ms);
  }
  clear(): void {
    clearTimeout(this.timer);
  }
}

const NOT_SENT: SendResult = { error: { code: 'NOT_SENT', message: 'not sent: the run was stopped' }, startedAt: 0, durationMs: 0 };

export class Transport {
  private readonly agents = new Map<string, Dispatcher>();
  private readonly limiter: Limiter;
  private readonly pacer?: Pacer;

  constructor(private readonly opts: TransportOptions) {
    this.limiter = new Limiter(opts.concurrency);
    if (opts.rateLimit !== undefined) this.pacer = new Pacer(1000 / opts.rateLimit);
  }

  /** One agent per local address, so a caller-IP check sees the address it was meant to see. */
  private agent(localAddress?: string): Dispatcher {
    const key = localAddress ?? '';
    let a = this.agents.get(key);
    if (!a) {
      a = new Agent({
        connections: this.opts.concurrency,
        connect: { timeout: this.opts.timeoutMs },
        // Client-level: undici's connector overrides a connect-level localAddress with this one.
        ...(localAddress ? { localAddress } : {}),
        headersTimeout: this.opts.timeoutMs,
        bodyTimeout: this.opts.timeoutMs,
      });
      this.agents.set(key, a);
    }
    return a;
  }

  /**
   * `proceed` is asked once the request holds a place to go out: a run that was stopped meanwhile
   * (interrupted, or the target stopped answering) sends nothing more, however many were queued.
   */
  send(req: EncodedRequest, localAddress?: string, proceed: () => boolean = () => true): Promise<SendResult> {
    // The slot is taken once a concurrency place is held: taken before, requests held back by the
    // concurrency bound would start together when places free up, a burst above the rate.
    return this.limiter.run(async () => {
      if (!proceed()) return NOT_SENT;
      await this.pacer?.wait();
      if (!proceed()) return NOT_SENT;
      return this.sendNow(req, localAddress);
    });
  }

  private async sendNow(req: EncodedRequest, localAddress?: string): Promise<SendResult> {
    const startedAt = Date.now();
    const t0 = performance.now();
    const signal = new Deadline(this.opts.timeoutMs);
    try {
      const res = await request(req.url, {
        method: req.method,
        headers: req.headers,
        body: req.method === 'GET' ? undefined : Buffer.from(req.body, 'utf8'),
        dispatcher: this.agent(localAddress),
        signal,
      });
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
      const { body, truncated, codingError } = await readCapped(res.body, headers['content-encoding'], this.opts.maxResponseBytes);
      const response = { status: res.statusCode, headers, body, truncated };
      if (codingError) return { response, error: { code: 'BAD_CONTENT_CODING', message: codingError }, startedAt, durationMs: performance.now() - t0 };
      return { response, startedAt, durationMs: performance.now() - t0 };
    } catch (e) {
      return { error: classify(e, signal, this.opts.timeoutMs), startedAt, durationMs: performance.now() - t0 };
    } finally {
      signal.clear();
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.agents.values()].map((a) => a.close().catch(() => undefined)));
    this.agents.clear();
  }
}

/** Decoders for the content codings HTTP defines; `identity` and no header need none. */
const DECODERS: Readonly<Record<string, () => Transform>> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/**
 * The body as the target meant it, read up to the cap. A request without Accept-Encoding accepts
 * any content coding (RFC 9110 §12.5.3), so a faithful target behind a compressing proxy may send
 * gzip: the body is decoded, and the cap applies to the decoded bytes, so a gzip bomb costs the
 * cap and no more. Codings are undone last-applied first; an unknown one leaves the bytes as sent.
 */
function readCapped(raw: Readable, contentEncoding: string | undefined, cap: number): Promise<{ body: Buffer; truncated: boolean; codingError?: string }> {
  const codings = contentEncoding ? contentEncoding.split(',').map((c) => c.trim().toLowerCase()).filter((c) => c && c !== 'identity') : [];
  const decoders = codings.length && codings.every((c) => c in DECODERS) ? [...codings].reverse().map((c) => DECODERS[c]!()) : [];
  // pipeline() carries an error of any stream to all of them (pipe() would leave a decoder waiting
  // on a raw stream that timed out); the first stream to fail says whose fault it was.
  let culprit: Readable | undefined;
  if (decoders.length) for (const st of [raw, ...decoders]) st.once('error', () => (culprit ??= st));
  const stream: Readable = decoders.length ? (pipeline([raw, ...decoders], () => undefined) as unknown as Readable) : raw;
  // Read with events rather than an async iterator: the same bytes at a fraction of the cost per
  // answer, which counts at thousands of answers a second.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (): void => {
      done = true;
      // Stop reading what is left (a huge body, a bomb) in every stream of the chain.
      for (const d of decoders) d.destroy();
      raw.destroy();
    };
    stream.on('data', (buf: Buffer) => {
      if (done) return;
      if (size + buf.length > cap) {
        chunks.push(buf.subarray(0, cap - size));
        size = cap;
        finish();
        resolve({ body: Buffer.concat(chunks, size), truncated: true });
        return;
      }
      chunks.push(buf);
      size += buf.length;
    });
    stream.once('end', () => {
      if (done) return;
      finish();
      resolve({ body: Buffer.concat(chunks, size), truncated: false });
    });
    // Stays attached after the end: destroying the chain may still report an error.
    stream.on('error', (e: Error) => {
      if (done) return;
      finish();
      // A timeout or reset comes from the raw stream; a decoder's failure is the target's: it sent
      // a body that its Content-Encoding says is gzip (or deflate, br) and is not.
      if (culprit && culprit !== raw) resolve({ body: Buffer.concat(chunks, size), truncated: false, codingError: `the body does not decode as ${codings.join(', ')}: ${e.message}` });
      else reject(e);
    });
  });
}

function classify(e: unknown, signal: Deadline, timeoutMs: number): { code: TransportErrorCode; message: string } {
  const err = e as { code?: string; message?: string; cause?: { code?: string } };
  const code = err.code ?? err.cause?.code ?? '';
  if (signal.aborted || /TIMEOUT/.test(code)) return { code: 'TIMEOUT', message: `no complete response within ${timeoutMs} ms` };
  if (code === 'ECONNREFUSED') return { code: 'CONNECTION_REFUSED', message: 'connection refused' };
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') return { code: 'CONNECTION_RESET', message: `connection reset (${code})` };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return { code: 'DNS', message: `host not found (${code})` };
  return { code: 'OTHER', message: `${code ? code + ': ' : ''}${err.message ?? String(e)}` };
}
