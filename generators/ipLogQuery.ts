// GetIPUser's `data` (spec §4.2): a JSON string holding an array of objects, each with `IP`
// (IP address text) and `Time` ("year-month-day hour:minute:second, month and day without leading zeros").
import fc from 'fast-check';

const pad = (n: number) => String(n).padStart(2, '0');

/** The spec's time form: 2026-1-5 09:03:07 (month and day without leading zeros). */
export const logTime = (d: Date): string =>
  `${d.getUTCFullYear()}-${d.getUTCMonth() + 1}-${d.getUTCDate()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;

export const ipLogQuery = (knownIps: readonly string[]): fc.Arbitrary<string> =>
  fc
    .array(
      fc.record({
        IP: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...knownIps) }, { weight: 1, arbitrary: fc.ipV4() }),
        Time: fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T23:59:59Z'), noInvalidDate: true }).map(logTime),
      }),
      { minLength: 1, maxLength: 3 },
    )
    .map((items) => JSON.stringify(items));
