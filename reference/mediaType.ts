// Request Content-Type handling as System.Web.Services does it: lenient parsing (ContentType.GetBase,
// GetParameter) and the charset rules of RequestResponseUtils.GetEncoding/GetEncoding2 (notes,
// SOAP 1.1: "`text/xml` without a charset is decoded as ASCII").

export interface MediaType {
  /** Lower-cased `type/subtype`, '' when the header is missing. */
  readonly type: string;
  /** Parameter names lower-cased, values unquoted. */
  readonly params: ReadonlyMap<string, string>;
}

/** Never fails: a malformed header yields whatever base and parameters can be read from it. */
export function parseMediaType(header: string | undefined): MediaType {
  const [base = '', ...rest] = (header ?? '').split(';');
  const params = new Map<string, string>();
  for (const item of rest) {
    const eq = item.indexOf('=');
    if (eq < 0) continue;
    const name = item.slice(0, eq).trim().toLowerCase();
    const value = item.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    if (!params.has(name)) params.set(name, value);
  }
  return { type: base.trim().toLowerCase(), params };
}

/** .NET's ASCIIEncoding: every byte above 0x7F becomes `?`. */
const decodeAscii = (bytes: Buffer): string => bytes.toString('latin1').replace(/[\u0080-\u00ff]/g, '?');

/** The encoding a byte order mark names (StreamReader's detectEncodingFromByteOrderMarks). */
function bomEncoding(bytes: Buffer): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return undefined;
}

/** The encoding the XML declaration names, read from its ASCII bytes (XmlTextReader's detection). */
function declaredEncoding(bytes: Buffer): string | undefined {
  const head = bytes.subarray(0, 200).toString('latin1');
  return /^<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
}

function decodeWith(label: string, bytes: Buffer): string | undefined {
  if (/^(us-)?ascii$/i.test(label)) return decodeAscii(bytes); // WHATWG would read these as windows-1252
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return undefined; // an encoding name Node does not know
  }
}

/**
 * Decodes a SOAP request body. A byte order mark wins; then the charset parameter; without one
 * (or with an unknown one) `text/*` falls back to ASCII (RFC 3023, as .NET does) and
 * `application/*` to the XML declaration, else UTF-8.
 */
export function decodeXmlBody(bytes: Buffer, mediaType: MediaType): string {
  const bom = bomEncoding(bytes);
  if (bom) return new TextDecoder(bom).decode(bytes);
  const charset = mediaType.params.get('charset');
  const fromCharset = charset ? decodeWith(charset, bytes) : undefined;
  if (fromCharset !== undefined) return fromCharset;
  if (mediaType.type.startsWith('text/')) return decodeAscii(bytes);
  return decodeWith(declaredEncoding(bytes) ?? 'utf-8', bytes) ?? new TextDecoder('utf-8').decode(bytes);
}
