// The ASMX platform on node:http: which of System.Web.Services' protocols handles a request
// (WebServiceHandlerFactory: documentation, SOAP, HTTP GET, HTTP POST), request body limits, and
// writing the reply. The protocols themselves are soapProtocol.ts and httpProtocol.ts; the
// business behaviour is whatever WebMethodInvoker the host is given.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { escapeXmlText } from '../validators/xml.ts';
import { handleHttpOperation, parseUrlEncoded, unrecognizedRequestFormat, type Collection } from './httpProtocol.ts';
import { parseMediaType } from './mediaType.ts';
import { handleSoap } from './soapProtocol.ts';
import type { Deviation, WireReply } from './deviation.ts';
import { XML_UTF8, describeException, emptyReply, plainTextError, type CallContext, type HostedEndpoint, type Reply, type WebMethodInvoker } from './webMethod.ts';

/** ASP.NET's default maxRequestLength is 4096 KB; larger bodies are refused unread. */
export const MAX_REQUEST_BYTES = 4 * 1024 * 1024;

export interface AsmxHostOptions {
  readonly endpoints: readonly HostedEndpoint[];
  readonly invoke: WebMethodInvoker;
  readonly maxRequestBytes?: number;
  /** Defect catalog: protocols switched off, and a rewrite of the reply on the wire. */
  readonly deviation?: Pick<Deviation, 'disabledProtocols' | 'reply' | 'request'>;
}

/** What the handler needs from one request once its body has been read. */
interface HostRequest {
  readonly endpoint: HostedEndpoint;
  readonly pathInfo: string;
  readonly method: string;
  /** The query string as bytes (latin1), without `?`. */
  readonly query: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: Buffer;
  readonly ctx: CallContext;
}

export function createAsmxHandler(opts: AsmxHostOptions): RequestListener {
  const limit = opts.maxRequestBytes ?? MAX_REQUEST_BYTES;
  return (req, res) => {
    const { path, query } = splitTarget(req.url ?? '/');
    const found = findEndpoint(opts.endpoints, path);
    if (!found) {
      req.resume();
      send(res, NOT_FOUND);
      return;
    }
    readBody(req, limit).then(
      (body) => {
        if (body === undefined) return send(res, emptyReply(413), { close: true });
        // The defect catalog's lenient front may change the request before the host reads it.
        const front = opts.deviation?.request?.({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body });
        const request: HostRequest = { ...found, method: req.method ?? 'GET', query, headers: front?.headers ?? req.headers, body: front?.body ?? body, ctx: { callerIp: callerIp(req) } };
        const reply = safely(() => dispatch(request, opts.invoke, opts.deviation?.disabledProtocols ?? []));
        const rewrite = opts.deviation?.reply;
        if (!rewrite) return send(res, reply);
        const wire = { method: request.method, url: req.url ?? '/', headers: req.headers, body };
        Promise.resolve(rewrite(toWire(reply), wire)).then((w) => sendWire(res, w), () => res.destroy());
      },
      () => res.destroy(),
    );
  };
}

// ---- routing -------------------------------------------------------------------------------

function splitTarget(url: string): { path: string; query: string } {
  const q = url.indexOf('?');
  const rawPath = q < 0 ? url : url.slice(0, q);
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    path = rawPath;
  }
  return { path, query: q < 0 ? '' : url.slice(q + 1) };
}

/** The endpoint a path belongs to: the .asmx path itself, or below it (Request.PathInfo). */
function findEndpoint(endpoints: readonly HostedEndpoint[], path: string): { endpoint: HostedEndpoint; pathInfo: string } | undefined {
  for (const endpoint of endpoints) {
    if (path === endpoint.path) return { endpoint, pathInfo: '' };
    if (path.startsWith(endpoint.path + '/')) return { endpoint, pathInfo: path.slice(endpoint.path.length) };
  }
  return undefined;
}

/**
 * Without PathInfo: POST is SOAP, GET is the documentation (help page or `?WSDL`). With PathInfo
 * `/<Op>`: GET and POST are the HTTP protocols. Anything else no protocol accepts (notes).
 */
function dispatch(r: HostRequest, invoke: WebMethodInvoker, disabled: readonly ('get' | 'post')[]): Reply {
  if (r.pathInfo === '') {
    if (r.method === 'POST') return handleSoap({ endpoint: r.endpoint, headers: r.headers, body: r.body, ctx: r.ctx, invoke });
    if (r.method === 'GET') return wantsWsdl(r.query) ? { status: 200, contentType: XML_UTF8, body: r.endpoint.wsdl() } : helpPage(r.endpoint);
    return unrecognizedRequestFormat('');
  }
  // A protocol switched off in web.config is unknown to the handler factory (notes).
  if ((r.method === 'GET' && disabled.includes('get')) || (r.method === 'POST' && disabled.includes('post'))) return unrecognizedRequestFormat(r.pathInfo);
  const http = (collection: Collection, bytes: string) =>
    handleHttpOperation({ endpoint: r.endpoint, pathInfo: r.pathInfo, collection, items: parseUrlEncoded(bytes), ctx: r.ctx, invoke });
  if (r.method === 'GET') return http('QueryString', r.query);
  if (r.method !== 'POST' || !r.endpoint.operations.has(r.pathInfo.slice(1))) return unrecognizedRequestFormat(r.pathInfo);
  // HtmlFormParameterReader only reads form bodies; other media types are not a format it knows.
  // The media type is looked at only while reading parameters (HttpServerProtocol.ReadParameters,
  // seen on Mono): an operation without parameters answers whatever the body's type.
  const contentType = r.headers['content-type'] ?? '';
  const hasParameters = (r.endpoint.operations.get(r.pathInfo.slice(1))?.params.length ?? 0) > 0;
  if (hasParameters && parseMediaType(contentType).type !== 'application/x-www-form-urlencoded') return plainTextError(`Request format is invalid: ${contentType}.`);
  return http('Form', r.body.toString('latin1'));
}

/** `?WSDL`, `?wsdl`: the documentation protocol compares the query ignoring case. */
const wantsWsdl = (query: string): boolean => parseUrlEncoded(query).some((i) => (i.name ?? i.value).toLowerCase() === 'wsdl');

function helpPage(endpoint: HostedEndpoint): Reply {
  const items = [...endpoint.operations.keys()].map((name) => `<li><a href="${escapeXmlText(endpoint.path)}?op=${name}">${name}</a></li>`).join('');
  const body =
    `<!DOCTYPE html><html><head><title>Web Service</title></head><body>` +
    `<p>The following operations are supported. For a formal definition, please review the <a href="${escapeXmlText(endpoint.path)}?WSDL">Service Description</a>.</p>` +
    `<ul>${items}</ul></body></html>`;
  return { status: 200, contentType: 'text/html; charset=utf-8', body };
}

const NOT_FOUND: Reply = { status: 404, contentType: 'text/html; charset=utf-8', body: '<html><body>The resource cannot be found.</body></html>' };

// ---- transport -----------------------------------------------------------------------------

/** The TCP peer address, with an IPv4-mapped IPv6 address unmapped (BEHAVIOUR.md). */
function callerIp(req: IncomingMessage): string {
  return (req.socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
}

/** The body, or undefined when it exceeds the limit; memory never holds more than `limit` bytes. */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > limit) {
      req.resume(); // discard unread
      resolve(undefined);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off('data', onData);
      req.resume();
      resolve(undefined);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks, Math.min(size, limit))));
    req.on('error', reject);
  });
}

/** A bug in the host must not take the process down: it becomes a plain 500, as ASP.NET would. */
function safely(fn: () => Reply): Reply {
  try {
    return fn();
  } catch (e) {
    return plainTextError(describeException(e));
  }
}

/** ASMX marks every answer of the handler uncacheable (notes: `Cache-Control: private, max-age=0`). */
function toWire(reply: Reply): WireReply {
  const headers: Record<string, string> = { 'Cache-Control': 'private, max-age=0' };
  if (reply.contentType) headers['Content-Type'] = reply.contentType;
  return { status: reply.status, headers, body: Buffer.from(reply.body, 'utf8') };
}

function sendWire(res: ServerResponse, w: WireReply, opts: { close?: boolean } = {}): void {
  const headers: Record<string, string | number> = { ...w.headers, 'Content-Length': w.body.length };
  if (opts.close) headers.Connection = 'close';
  res.writeHead(w.status, headers);
  res.end(w.body);
}

const send = (res: ServerResponse, reply: Reply, opts: { close?: boolean } = {}): void => sendWire(res, toWire(reply), opts);
