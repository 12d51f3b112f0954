// Text → typed value, the two ways ASMX converts parameters (notes/asmx-wire-behaviour.md):
// - SOAP goes through XmlSerializer, i.e. System.Xml.XmlConvert (XML Schema lexical forms);
// - HTTP GET/POST go through Convert.ChangeType with the invariant culture (Int32.Parse,
//   Double.Parse with NumberStyles.Float | AllowThousands, DateTime.Parse).
// Each converter answers a value or the .NET exception message the platform would report.
import type { SoapType } from '../contracts/operations.ts';
import { utcDate, type ArgValue } from './webMethod.ts';

export type Converted<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

export interface Lexicon {
  readonly int: (text: string) => Converted<number>;
  readonly double: (text: string) => Converted<number>;
  readonly dateTime: (text: string) => Converted<Date>;
}

const ok = <T>(value: T): Converted<T> => ({ ok: true, value });
const fail = <T>(reason: string): Converted<T> => ({ ok: false, reason });

const BAD_FORMAT = 'Input string was not in a correct format.';

// NumberStyles.AllowLeadingWhite/AllowTrailingWhite: U+0009..U+000D and U+0020 (.NET IsWhite).
const NUMBER_WS = '[\\t\\n\\v\\f\\r ]*';

// ---- int -----------------------------------------------------------------------------------

const INT_FORM = new RegExp(`^${NUMBER_WS}([+-]?\\d+)${NUMBER_WS}$`);
const INT32_MIN = -(2n ** 31n);
const INT32_MAX = 2n ** 31n - 1n;

/**
 * XmlConvert.ToInt32 and Int32.Parse(invariant) take the same styles (leading sign, surrounding
 * whitespace): `+42`, ` 42 `, `007`; not `4.0`, `1e3`, or the empty string (notes, "Lexical forms").
 */
export function parseInt32(text: string): Converted<number> {
  const m = INT_FORM.exec(text);
  if (!m) return fail(BAD_FORMAT);
  const v = BigInt(m[1]);
  if (v < INT32_MIN || v > INT32_MAX) return fail('Value was either too large or too small for an Int32.');
  return ok(Number(v));
}

// ---- double --------------------------------------------------------------------------------

/** Double.Parse's symbols in NumberFormatInfo.InvariantInfo. */
const INVARIANT_SYMBOLS: Readonly<Record<string, number>> = { NaN: NaN, Infinity: Infinity, '-Infinity': -Infinity };
/** XmlConvert.ToDouble checks these two itself before calling Double.Parse. */
const XSD_SYMBOLS: Readonly<Record<string, number>> = { INF: Infinity, '-INF': -Infinity };

/** NumberStyles.Float: sign, digits with an optional point (`1.`, `.5`), optional exponent. */
const FLOAT_FORM = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
/** AllowThousands: group separators anywhere in the integral part once a digit was seen (`1,5` is 15). */
const FLOAT_THOUSANDS_FORM = /^[+-]?(?:\d[\d,]*\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function parseDouble(text: string, form: RegExp, symbols: Readonly<Record<string, number>>): Converted<number> {
  const s = text.replace(/^[\t\n\v\f\r ]+|[\t\n\v\f\r ]+$/g, '');
  if (Object.hasOwn(symbols, s)) return ok(symbols[s]);
  if (Object.hasOwn(INVARIANT_SYMBOLS, s)) return ok(INVARIANT_SYMBOLS[s]);
  if (!form.test(s)) return fail(BAD_FORMAT);
  const v = Number(s.replace(/,/g, ''));
  // .NET Framework throws on overflow where JavaScript rounds to Infinity.
  if (!Number.isFinite(v)) return fail('Value was either too large or too small for a Double.');
  return ok(v);
}

// ---- dateTime ------------------------------------------------------------------------------

const ZONE = '(Z|[+-]\\d{2}:\\d{2})?';

interface DateFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  fraction: string;
  zone: string;
}

/** Range checks .NET applies to every form; answers the UTC instant or undefined. */
function instant(f: DateFields): Date | undefined {
  const daysInMonth = new Date(Date.UTC(2000 + (f.year % 400), f.month, 0)).getUTCDate();
  if (f.year < 1 || f.month < 1 || f.month > 12 || f.day < 1 || f.day > daysInMonth) return undefined;
  if (f.hour > 23 || f.minute > 59 || f.second > 59) return undefined;
  const offset = zoneMinutes(f.zone);
  if (offset === undefined) return undefined;
  const ms = f.fraction ? Math.round(Number(`0.${f.fraction}`) * 1000) : 0;
  const local = utcDate(f.year, f.month, f.day, f.hour, f.minute, f.second, ms);
  return new Date(local.getTime() - offset * 60_000);
}

/** `Z` or `±hh:mm` (at most ±14:00); no zone reads as UTC (the value is only compared as an instant). */
function zoneMinutes(zone: string): number | undefined {
  if (zone === '' || zone === 'Z' || zone === 'GMT') return 0;
  const m = /^([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(zone);
  if (!m) return undefined;
  const h = Number(m[2]);
  const min = Number(m[3] ?? '0');
  if (h > 14 || min > 59 || (h === 14 && min > 0)) return undefined;
  return (m[1] === '-' ? -1 : 1) * (h * 60 + min);
}

const n = (s: string | undefined, dflt: number): number => (s === undefined ? dflt : Number(s));

/**
 * XmlConvert.ToDateTime(s, RoundtripKind) parses with XsdDateTimeFlags.AllXsd: dateTime, date,
 * time and the g* types; zone optional; any number of fraction digits; no space separator. The
 * famous message `The string '' is not a valid AllXsd value.` is this function failing.
 */
const XSD_DATE_FORMS: readonly { re: RegExp; fields: (m: RegExpExecArray) => DateFields }[] = [
  {
    // dateTime, date
    re: new RegExp(`^(\\d{4})-(\\d{2})-(\\d{2})(?:T(\\d{2}):(\\d{2}):(\\d{2})(?:\\.(\\d+))?)?${ZONE}$`),
    fields: (m) => ({ year: +m[1], month: +m[2], day: +m[3], hour: n(m[4], 0), minute: n(m[5], 0), second: n(m[6], 0), fraction: m[7] ?? '', zone: m[8] ?? '' }),
  },
  {
    // time (on DateTime.MinValue's date: the value is never used as a date)
    re: new RegExp(`^(\\d{2}):(\\d{2}):(\\d{2})(?:\\.(\\d+))?${ZONE}$`),
    fields: (m) => ({ year: 1, month: 1, day: 1, hour: +m[1], minute: +m[2], second: +m[3], fraction: m[4] ?? '', zone: m[5] ?? '' }),
  },
  {
    // gYearMonth, gYear
    re: new RegExp(`^(\\d{4})(?:-(\\d{2}))?${ZONE}$`),
    fields: (m) => ({ year: +m[1], month: n(m[2], 1), day: 1, hour: 0, minute: 0, second: 0, fraction: '', zone: m[3] ?? '' }),
  },
  {
    // gMonthDay, gMonth, gDay (XsdDateTime puts them in year 1904, a leap year)
    re: new RegExp(`^(?:--(\\d{2})(?:-(\\d{2}))?|---(\\d{2}))${ZONE}$`),
    fields: (m) => ({ year: 1904, month: n(m[1], 1), day: n(m[2] ?? m[3], 1), hour: 0, minute: 0, second: 0, fraction: '', zone: m[4] ?? '' }),
  },
];

function parseXsdDateTime(text: string): Converted<Date> {
  const s = text.replace(/^[ \t\n\r]+|[ \t\n\r]+$/g, '');
  for (const form of XSD_DATE_FORMS) {
    const m = form.re.exec(s);
    const d = m && instant(form.fields(m));
    if (d) return ok(d);
  }
  return fail(`The string '${text}' is not a valid AllXsd value.`);
}

/**
 * DateTime.Parse with the invariant culture, for the forms callers use: ISO 8601 (`T` or a
 * space), `yyyy/M/d`, `M/d/yyyy`, each with an optional `H:mm[:ss[.f]]`, `AM`/`PM` and zone.
 * Month names, two-digit years and time-only values (which .NET also reads) are not imitated.
 */
const TIME = '(?:[T ]+(\\d{1,2}):(\\d{1,2})(?::(\\d{1,2})(?:\\.(\\d+))?)?(?: *([AaPp][Mm]))?)?';
const INVARIANT_ZONE = ' *(Z|GMT|[+-]\\d{1,2}(?::?\\d{2})?)?';
const INVARIANT_DATE_FORMS: readonly { re: RegExp; ymd: (m: RegExpExecArray) => [number, number, number] }[] = [
  { re: new RegExp(`^(\\d{4})[-/.](\\d{1,2})[-/.](\\d{1,2})${TIME}${INVARIANT_ZONE}$`), ymd: (m) => [+m[1], +m[2], +m[3]] },
  { re: new RegExp(`^(\\d{1,2})/(\\d{1,2})/(\\d{4})${TIME}${INVARIANT_ZONE}$`), ymd: (m) => [+m[3], +m[1], +m[2]] },
];

function parseInvariantDateTime(text: string): Converted<Date> {
  const s = text.trim();
  for (const form of INVARIANT_DATE_FORMS) {
    const m = form.re.exec(s);
    if (!m) continue;
    const [year, month, day] = form.ymd(m);
    const hour = twelveHour(n(m[4], 0), m[8]);
    const d = hour !== undefined && instant({ year, month, day, hour, minute: n(m[5], 0), second: n(m[6], 0), fraction: m[7] ?? '', zone: m[9] ?? '' });
    if (d) return ok(d);
  }
  return fail('String was not recognized as a valid DateTime.');
}

/** `AM`/`PM` designators (invariant culture): 12 AM is 0 h, hours above 12 cannot take one. */
function twelveHour(hour: number, designator: string | undefined): number | undefined {
  if (!designator) return hour;
  if (hour < 1 || hour > 12) return undefined;
  return (hour % 12) + (/^p/i.test(designator) ? 12 : 0);
}

// ---- the two lexicons ----------------------------------------------------------------------

/** SOAP 1.1 and 1.2 parameters (XmlSerializer → XmlConvert). */
export const XSD_LEXICON: Lexicon = {
  int: parseInt32,
  double: (t) => parseDouble(t, FLOAT_FORM, XSD_SYMBOLS),
  dateTime: parseXsdDateTime,
};

/** HTTP GET and POST parameters (Convert.ChangeType, invariant culture): no `INF`, thousands allowed. */
export const INVARIANT_LEXICON: Lexicon = {
  int: parseInt32,
  double: (t) => parseDouble(t, FLOAT_THOUSANDS_FORM, {}),
  dateTime: parseInvariantDateTime,
};

/** Converts one parameter's text to its declared type. */
export function convert(lexicon: Lexicon, type: SoapType, text: string): Converted<ArgValue> {
  return type === 'string' ? ok(text) : lexicon[type](text);
}

/** The CLR type name ASMX puts in `Cannot convert X to System.Int32.` (HTTP GET/POST). */
export const CLR_TYPE: Readonly<Record<SoapType, string>> = {
  string: 'System.String',
  int: 'System.Int32',
  double: 'System.Double',
  dateTime: 'System.DateTime',
};
