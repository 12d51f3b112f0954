// Free text for string parameters: exercises XML escaping (< > & " '), non-ASCII text (CJK,
// accents, an astral emoji) and empty strings, in a form every binding carries unchanged.
import fc from 'fast-check';

const pieces = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('a', 'Z', 'q', '0', '7', ' ', '-', '_', '.', '@', ':', '/', '=', '+', '%', '?') },
  { weight: 2, arbitrary: fc.constantFrom('<', '>', '&', '"', "'", ';', '&amp;', ']]>') },
  { weight: 2, arbitrary: fc.constantFrom('中', '文', '校', '园', 'é', 'ß', 'Ω', 'ü', '😀') },
);

// ASP.NET request validation answers HTTP 500 before the operation runs when a GET/POST value
// holds `<` followed by a letter, `!`, `/` or `?`, or holds `&#` (notes, HTTP GET and HTTP POST).
// That is the platform, not the implementation, so such text is never generated.
const REQUEST_VALIDATION = /<[a-zA-Z!/?]|&#/;

// No control characters: XML 1.0 cannot carry them. No CR: XML parsers turn it into LF.
export const requestText = (maxLength = 24): fc.Arbitrary<string> =>
  fc
    .array(pieces, { maxLength })
    .map((parts) => parts.join(''))
    .filter((s) => !REQUEST_VALIDATION.test(s));
