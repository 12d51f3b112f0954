// The seam between the ASMX platform imitation (asmxHost.ts, soapProtocol.ts, httpProtocol.ts)
// and the business behaviour (service.ts): what an ASMX WebMethod sees. The host binds and converts
// every parameter from the wire; the method receives typed values and returns a string or null,
// exactly like a C# `public string Op(string a, int b, ...)` (notes/asmx-wire-behaviour.md).
import type { SoapType } from '../contracts/operations.ts';
import type { OperationContract } from '../contracts/operations.ts';

/** string → string | null; int and double → number; dateTime → Date. */
export type ArgValue = string | null | number | Date;

/** Every parameter of the operation by its exact name; absent ones hold their default. */
export type Args = ReadonlyMap<string, ArgValue>;

/** What the platform knows about the caller (HttpContext.Request). */
export interface CallContext {
  /** The TCP peer address, IPv4-mapped IPv6 unmapped (BEHAVIOUR.md, Authentication). */
  readonly callerIp: string;
}

/** One WebMethod call: the operation, its bound arguments, the caller. Returns the result string. */
export type WebMethodInvoker = (op: OperationContract, args: Args, ctx: CallContext) => string | null;

/** .NET's DateTime.MinValue, 0001-01-01T00:00:00 (Date.UTC would map year 1 to 1901). */
export const DATETIME_MIN: Date = utcDate(1, 1, 1);

/** A UTC instant from calendar fields, valid for years 1 to 99 too. */
export function utcDate(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): Date {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, ms);
  return d;
}

/**
 * The value a missing parameter gets (notes, SOAP 1.1: "null string, 0, DateTime.MinValue"):
 * XmlSerializer leaves members it did not read at their CLR default.
 */
export function defaultArg(type: SoapType): ArgValue {
  switch (type) {
    case 'string':
      return null;
    case 'int':
    case 'double':
      return 0;
    case 'dateTime':
      return new Date(DATETIME_MIN.getTime());
  }
}

/** The operations of one hosted .asmx file, with the namespace its WebService attribute names. */
export interface HostedEndpoint {
  readonly path: string;
  readonly namespace: string;
  readonly operations: ReadonlyMap<string, OperationContract>;
  /** `?WSDL` document (contracts/wsdl.ts). */
  readonly wsdl: () => string;
  /** Where an implementation is more lenient than ASMX (defect catalog); absent: faithful. */
  readonly leniency?: Leniency;
}

export interface Leniency {
  /** SOAP parameters matched ignoring case, or in any namespace. */
  readonly soapNames?: 'ignore-case' | 'any-namespace';
  /** A value that does not convert takes its default instead of a fault or an error. */
  readonly values?: 'default-on-error';
}

/** A complete HTTP answer of the host; the body is written as UTF-8. */
export interface Reply {
  readonly status: number;
  /** Undefined for bodiless answers (400, 413, 415: ASMX sends no Content-Type). */
  readonly contentType?: string;
  readonly body: string;
}

export const emptyReply = (status: number): Reply => ({ status, body: '' });

/** HTTP GET/POST errors and platform errors: HTTP 500, the exception message as plain text (notes). */
export const plainTextError = (message: string): Reply => ({ status: 500, contentType: 'text/plain; charset=utf-8', body: message });

export const XML_UTF8 = 'text/xml; charset=utf-8';

/**
 * A parameter as text, the way the business code reads it (C# `CallArgs.Text`): null or missing
 * is the empty string, numbers in invariant form, dates in ISO 8601.
 */
export function argText(args: Args, name: string): string {
  const v = args.get(name);
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  return typeof v === 'number' ? String(v) : v;
}

/** A numeric parameter (int or double); 0 when missing, as its CLR default. */
export function argNumber(args: Args, name: string): number {
  const v = args.get(name);
  return typeof v === 'number' ? v : 0;
}

/** An exception as .NET's `Exception.ToString()` first line: `Type: message`. */
export function describeException(e: unknown): string {
  if (!(e instanceof Error)) return `System.Exception: ${String(e)}`;
  return `${e.name === 'Error' ? 'System.Exception' : e.name}: ${e.message}`;
}
