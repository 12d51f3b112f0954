// The TimeSpan value (spec §5.1); its format is a profile setting (§5.7: not shown).
import type { Clock } from './clock.ts';

export interface TimeSpanFormat {
  readonly format: string; // unix-seconds | unix-millis | a date pattern such as yyyyMMddHHmmss
  readonly utcOffsetMinutes: number;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Formats an instant with a pattern of yyyy MM M dd d HH H mm m ss s and literal separators. */
export function formatDatePattern(epochMs: number, pattern: string, utcOffsetMinutes: number): string {
  const d = new Date(epochMs + utcOffsetMinutes * 60_000);
  const fields: Record<string, string> = {
    yyyy: pad(d.getUTCFullYear(), 4),
    MM: pad(d.getUTCMonth() + 1, 2),
    M: String(d.getUTCMonth() + 1),
    dd: pad(d.getUTCDate(), 2),
    d: String(d.getUTCDate()),
    HH: pad(d.getUTCHours(), 2),
    H: String(d.getUTCHours()),
    mm: pad(d.getUTCMinutes(), 2),
    m: String(d.getUTCMinutes()),
    ss: pad(d.getUTCSeconds(), 2),
    s: String(d.getUTCSeconds()),
  };
  return pattern.replace(/yyyy|MM|M|dd|d|HH|H|mm|m|ss|s/g, (t) => fields[t]);
}

export function timeSpanNow(clock: Clock, f: TimeSpanFormat): string {
  const now = clock();
  if (f.format === 'unix-seconds') return String(Math.floor(now / 1000));
  if (f.format === 'unix-millis') return String(now);
  return formatDatePattern(now, f.format, f.utcOffsetMinutes);
}

/** Reads a TimeSpan back into epoch ms, or undefined when it is not in the format (reference side). */
export function parseTimeSpan(text: string, f: TimeSpanFormat): number | undefined {
  if (f.format === 'unix-seconds') return /^\d{1,12}$/.test(text) ? Number(text) * 1000 : undefined;
  if (f.format === 'unix-millis') return /^\d{1,15}$/.test(text) ? Number(text) : undefined;
  const names: string[] = [];
  const source = f.format.replace(/yyyy|MM|M|dd|d|HH|H|mm|m|ss|s|[^yMdHms]/g, (t) => {
    if (/^[yMdHms]+$/.test(t)) {
      names.push(t[0]);
      return t.length === 1 ? '(\\d{1,2})' : `(\\d{${t.length}})`;
    }
    return t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  const m = new RegExp(`^${source}$`).exec(text);
  if (!m) return undefined;
  const v: Record<string, number> = { y: 1970, M: 1, d: 1, H: 0, m: 0, s: 0 };
  names.forEach((n, i) => (v[n] = Number(m[i + 1])));
  // Out-of-range fields are not a time (Date.UTC would roll 13/32 over into the next month).
  const daysInMonth = new Date(Date.UTC(v.y, v.M, 0)).getUTCDate();
  if (v.M < 1 || v.M > 12 || v.d < 1 || v.d > daysInMonth || v.H > 23 || v.m > 59 || v.s > 59) return undefined;
  return Date.UTC(v.y, v.M - 1, v.d, v.H, v.m, v.s) - f.utcOffsetMinutes * 60_000;
}
