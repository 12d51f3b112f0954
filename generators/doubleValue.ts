// double parameters. SOAP takes XML Schema forms (`1e3`, `.5`, `INF`, `NaN`); GET/POST take
// invariant-culture forms (`Infinity`, thousands separators) and reject `INF` (notes).
import fc from 'fast-check';
import type { GeneratedValue } from './generatedValue.ts';

function forms(v: number): { soap: string[]; http: string[] } {
  if (Number.isNaN(v)) return { soap: ['NaN'], http: ['NaN'] };
  if (v === Infinity) return { soap: ['INF'], http: ['Infinity'] };
  if (v === -Infinity) return { soap: ['-INF'], http: ['-Infinity'] };
  const plain = String(v); // JS shortest round-trip form, e.g. 1.5, 1e+21, 5e-7
  const soap = [plain, v.toExponential()];
  const http = [plain, v.toExponential()];
  if (Number.isInteger(v) && Math.abs(v) < 1e15) {
    soap.push(`${v}.0`);
    // `1,500` reads as 1500 in GET/POST (AllowThousands), never in SOAP.
    http.push(Math.abs(v) >= 1000 ? v.toLocaleString('en-US', { useGrouping: true, maximumFractionDigits: 0 }) : ` ${plain} `);
  }
  return { soap, http };
}

export const doubleValue = (values: fc.Arbitrary<number>): fc.Arbitrary<GeneratedValue> =>
  values.chain((v) => {
    const f = forms(v);
    return fc.record({ soap: fc.constantFrom(...f.soap), http: fc.constantFrom(...f.http) });
  });

/** Traffic volumes: non-negative, mostly finite, with the special values now and then. */
export const trafficAmount = (): fc.Arbitrary<number> =>
  fc.oneof(
    // Subnormals are left out: .NET Framework and Mono parse them differently from IEEE 754.
    { weight: 8, arbitrary: fc.double({ min: 0, max: 1e13, noNaN: true, noDefaultInfinity: true }).filter((v) => v === 0 || v >= 2.2250738585072014e-308) },
    { weight: 4, arbitrary: fc.integer({ min: 0, max: 10_000_000 }) },
    { weight: 1, arbitrary: fc.constantFrom(Infinity, NaN) },
  );
