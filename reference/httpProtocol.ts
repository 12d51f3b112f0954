// HTTP GET and HTTP POST on `<endpoint>/<Op>`, as System.Web.Services' HttpServerProtocol with
// ValueCollectionParameterReader / HtmlFormParameterReader handles them (notes/asmx-wire-behaviour.md,
// "HTTP GET and HTTP POST"): ASP.NET request validation, case-insensitive names, invariant-culture
// conversion, errors as HTTP 500 plain text.
import type { OperationContract } from '../contracts/operations.ts';
import { CLR_TYPE, INVARIANT_LEXICON, convert } from './lexical.ts';
import { httpResultReply } from './serialize.ts';
import { defaultArg, describeException, plainTextError, type ArgValue, type Args, type CallContext, type HostedEndpoint, type Leniency, type Reply, type WebMethodInvoker } from './webMethod.ts';

/** One item of Request.QueryString or Request.Form; `name` is null for an item without `=`. */
export interface FormItem {
  readonly name: string | null;
  readonly value: string;
}

export type Collection = 'QueryString' | 'Form';

export interface HttpOperationRequest {
  readonly endpoint: HostedEndpoint;
  /** Request.PathInfo: everything after the endpoint path, starting with `/`. */
  readonly pathInfo: string;
  readonly collection: Collection;
  readonly items: readonly FormItem[];
  readonly ctx: CallContext;
  readonly invoke: WebMethodInvoker;
}

/** Thrown while reading parameters; becomes the plain-text 500 answer. */
class ParameterError extends Error {}

export function handleHttpOperation(req: HttpOperationRequest): Reply {
  const op = req.endpoint.operations.get(req.pathInfo.slice(1));
  if (!op) return unrecognizedRequestFormat(req.pathInfo);
  let args: Args;
  try {
    validateRequest(req.collection, req.items);
    args = readParameters(op, req.items, req.endpoint.leniency);
  } catch (e) {
    if (e instanceof ParameterError) return plainTextError(e.message);
    throw e;
  }
  try {
    return httpResultReply(req.endpoint.namespace, req.invoke(op, args, req.ctx));
  } catch (e) {
    return plainTextError(describeException(e));
  }
}

/** No protocol handles the request (unknown operation, unsupported method): HTTP 500 (notes). */
export const unrecognizedRequestFormat = (pathInfo: string): Reply =>
  plainTextError(pathInfo === '' ? 'Request format is unrecognized.' : `Request format is unrecognized for URL unexpectedly ending in '${pathInfo}'.`);

// ---- reading parameters --------------------------------------------------------------------

/**
 * For each parameter in declaration order: NameValueCollection.Get (names compared ignoring case,
 * repeated names joined with commas), then conversion. The first problem is the one reported.
 */
function readParameters(op: OperationContract, items: readonly FormItem[], leniency: Leniency = {}): Args {
  const args = new Map<string, ArgValue>();
  for (const p of op.params) {
    const value = lookup(items, p.name);
    if (value === undefined) throw new ParameterError(`Missing parameter: ${p.name}.`);
    const converted = convert(INVARIANT_LEXICON, p.type, value);
    // The defect catalog's lenient implementation takes a default where ASMX reports an error.
    if (!converted.ok && leniency.values === 'default-on-error') {
      args.set(p.name, defaultArg(p.type));
      continue;
    }
    if (!converted.ok) throw new ParameterError(`Cannot convert ${value} to ${CLR_TYPE[p.type]}.`);
    args.set(p.name, converted.value);
  }
  return args;
}

function lookup(items: readonly FormItem[], name: string): string | undefined {
  const key = name.toUpperCase();
  const values = items.filter((i) => i.name !== null && i.name.toUpperCase() === key).map((i) => i.value);
  return values.length === 0 ? undefined : values.join(',');
}

// ---- ASP.NET request validation ------------------------------------------------------------

/**
 * CrossSiteScriptingValidation.IsDangerousString: `<` followed by a letter, `!`, `/` or `?`, or
 * `&#`. Answers the index of the offending `<` or `&`, or -1.
 */
export function dangerousIndex(value: string): number {
  const m = /<[A-Za-z!/?]|&#/.exec(value);
  return m ? m.index : -1;
}

/**
 * Accessing Request.QueryString/Form validates every item of the collection before any parameter
 * is read; the message quotes the value from 10 characters before the problem to 20 after
 * (HttpRequest.ValidateString).
 */
function validateRequest(collection: Collection, items: readonly FormItem[]): void {
  for (const item of items) {
    const at = dangerousIndex(item.value);
    if (at < 0) continue;
    const start = Math.max(0, at - 10);
    const end = Math.min(item.value.length, at + 20);
    const excerpt = `${start > 0 ? '...' : ''}${item.value.slice(start, end)}${end < item.value.length ? '...' : ''}`;
    throw new ParameterError(`A potentially dangerous Request.${collection} value was detected from the client (${item.name ?? ''}="${excerpt}").`);
  }
}

// ---- application/x-www-form-urlencoded ------------------------------------------------------

/**
 * HttpValueCollection.FillFromString over a query string or form body given as bytes (a latin1
 * string, one character per byte): items split on `&`, name and value on the first `=`, both
 * URL-decoded as UTF-8.
 */
export function parseUrlEncoded(bytes: string): FormItem[] {
  if (bytes === '') return [];
  return bytes.split('&').map((part) => {
    const eq = part.indexOf('=');
    return eq < 0 ? { name: null, value: urlDecode(part) } : { name: urlDecode(part.slice(0, eq)), value: urlDecode(part.slice(eq + 1)) };
  });
}

const utf8 = new TextDecoder('utf-8');

/** HttpUtility.UrlDecode: `+` is a space, `%XX` a byte, `%uXXXX` a UTF-16 unit; bad escapes stay as written. */
export function urlDecode(bytes: string): string {
  let out = '';
  let pending: number[] = [];
  const flush = () => {
    if (pending.length) out += utf8.decode(Uint8Array.from(pending));
    pending = [];
  };
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    const u = c === '%' && /^u[0-9a-fA-F]{4}$/.test(bytes.slice(i + 1, i + 6)) ? bytes.slice(i + 2, i + 6) : undefined;
    if (u !== undefined) {
      flush();
      out += String.fromCharCode(parseInt(u, 16));
      i += 5;
    } else if (c === '%' && /^[0-9a-fA-F]{2}$/.test(bytes.slice(i + 1, i + 3))) {
      pending.push(parseInt(bytes.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      pending.push(c === '+' ? 0x20 : c.charCodeAt(0) & 0xff);
    }
  }
  flush();
  return out;
}
