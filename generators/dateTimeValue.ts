// dateTime parameters. SOAP: XML Schema dateTime (with or without zone, fraction digits, date
// only); GET/POST: DateTime.Parse with the invariant culture, which takes a space separator,
// `2026/11/22` and `11/22/2026` but not every XML Schema form (notes, "Lexical forms").
import fc from 'fast-check';
import type { GeneratedValue } from './generatedValue.ts';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export const dateTimeValue = (): fc.Arbitrary<GeneratedValue> =>
  fc
    .record({
      date: fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2035-12-31T23:59:59Z'), noInvalidDate: true }),
      soapForm: fc.integer({ min: 0, max: 4 }),
      httpForm: fc.integer({ min: 0, max: 3 }),
    })
    .map(({ date, soapForm, httpForm }) => {
      const y = pad(date.getUTCFullYear(), 4);
      const mo = pad(date.getUTCMonth() + 1);
      const d = pad(date.getUTCDate());
      const hms = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
      const soap = [`${y}-${mo}-${d}T${hms}`, `${y}-${mo}-${d}T${hms}Z`, `${y}-${mo}-${d}T${hms}.${pad(date.getUTCMilliseconds(), 3)}`, `${y}-${mo}-${d}T${hms}+08:00`, `${y}-${mo}-${d}`][soapForm];
      const http = [`${y}-${mo}-${d} ${hms}`, `${y}/${mo}/${d}`, `${mo}/${d}/${y} ${hms}`, `${y}-${mo}-${d}T${hms}`][httpForm];
      return { soap, http };
    });
