// int parameters in the lexical forms each binding accepts (notes, "Lexical forms"):
// SOAP (XmlConvert): `42`, `+42`, ` 42 `, leading zeros; GET/POST (Int32.Parse, invariant): the same.
import fc from 'fast-check';
import type { GeneratedValue } from './generatedValue.ts';

export function intForms(value: number): fc.Arbitrary<GeneratedValue> {
  const plain = String(value);
  const forms = [plain, ` ${plain} `, value >= 0 ? `+${plain}` : plain, value >= 0 ? `00${plain}` : plain];
  return fc.record({ soap: fc.constantFrom(...forms), http: fc.constantFrom(...forms) });
}

export const intValue = (values: fc.Arbitrary<number>): fc.Arbitrary<GeneratedValue> => values.chain(intForms);
