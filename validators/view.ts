// A response read once: decoded text, parsed media type, parsed XML and the result text. Checks
// share one view per exchange, so nothing is parsed twice however many checks read it.
import contentType from 'content-type';
import { BINDINGS, isSoap, type BindingId } from '../contracts/bindings.ts';
import type { Exchange } from '../transport/exchange.ts';
import { elementChildren, parseXmlRemembered, textContent, type ParseResult, type XmlElement, attribute } from './xml.ts';
import { XSI_NS } from '../contracts/bindings.ts';

export interface MediaType {
  readonly type: string;
  readonly parameters: Readonly<Record<string, string>>;
}

/** Fatal: an invalid sequence throws instead of turning into U+FFFD. Without `stream` it keeps no state. */
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** Parsed Content-Type headers: a run sees a handful of distinct ones, thousands of times. */
const mediaTypes = new Map<string, MediaType | { error: string }>();
const MEDIA_TYPES_KEPT = 256;

function parseMediaType(header: string): MediaType | { error: string } {
  let m = mediaTypes.get(header);
  if (m) return m;
  try {
    const parsed = contentType.parse(header);
    // Media types and parameter names are case-insensitive (RFC 9110 §8.3.1).
    const parameters: Record<string, string> = {};
    for (const [k, v] of Object.entries(parsed.parameters)) parameters[k.toLowerCase()] = v;
    m = { type: parsed.type.toLowerCase(), parameters };
  } catch {
    m = { error: `unparsable Content-Type "${header}"` };
  }
  if (mediaTypes.size < MEDIA_TYPES_KEPT) mediaTypes.set(header, m);
  return m;
}

export type ResultText = { ok: true; text: string } | { ok: false; why: string };

export class ResponseView {
  private _text?: { ok: true; text: string } | { ok: false; error: string };
  private _xml?: ParseResult;
  private _media?: MediaType | { error: string } | undefined;
  private _result?: ResultText;

  constructor(
    readonly exchange: Exchange,
    private readonly expected: { operation: string; namespace: string; binding: BindingId },
  ) {}

  get answered(): boolean {
    return this.exchange.response !== undefined;
  }

  /** The body as UTF-8 (§4.1: charset=utf-8); invalid byte sequences are an error, not replaced. */
  get text(): { ok: true; text: string } | { ok: false; error: string } {
    if (!this._text) {
      // A body cut at the cap is no document anyway: only its start is decoded, for messages.
      const full = this.exchange.response?.body ?? Buffer.alloc(0);
      const body = this.exchange.response?.truncated ? full.subarray(0, 64 * 1024) : full;
      try {
        let t = UTF8.decode(body);
        if (t.charCodeAt(0) === 0xfeff) t = t.slice(1);
        this._text = { ok: true, text: t };
      } catch {
        this._text = { ok: false, error: 'the body is not valid UTF-8' };
      }
    }
    return this._text;
  }

  get mediaType(): MediaType | { error: string } | undefined {
    if (this._media === undefined && this.exchange.response) {
      const header = this.exchange.response.headers['content-type'];
      this._media = header === undefined ? { error: 'no Content-Type header' } : parseMediaType(header);
    }
    return this._media;
  }

  get xml(): ParseResult {
    if (!this._xml) {
      if (this.exchange.response?.truncated) {
        this._xml = { ok: false, error: 'the body was cut at the size cap' };
        return this._xml;
      }
      // Part of a body that failed to decode is no document of the target's.
      if (this.exchange.error?.code === 'BAD_CONTENT_CODING') {
        this._xml = { ok: false, error: this.exchange.error.message };
        return this._xml;
      }
      const t = this.text;
      if (!t.ok) this._xml = { ok: false, error: t.error };
      else this._xml = parseXmlRemembered(t.text);
    }
    return this._xml;
  }

  /** The SOAP Body element, when the document is an envelope of either version. */
  get soapBody(): XmlElement | undefined {
    const x = this.xml;
    if (!x.ok || x.doc.root.local !== 'Envelope') return undefined;
    return elementChildren(x.doc.root).find((c) => c.local === 'Body' && c.ns === x.doc.root.ns);
  }

  /**
   * The result string as the binding carries it, or why there is none. Lenient about everything
   * other checks judge (status, media type), strict about where the result sits.
   */
  get result(): ResultText {
    if (!this._result) this._result = this.readResult();
    return this._result;
  }

  private readResult(): ResultText {
    const { operation, namespace, binding } = this.expected;
    if (!this.answered) return { ok: false, why: 'no response' };
    const x = this.xml;
    if (!x.ok) return { ok: false, why: `the body is not XML: ${x.error}` };
    if (isSoap(binding)) {
      const body = this.soapBody;
      if (!body || x.doc.root.ns !== BINDINGS[binding].envelopeNs) return { ok: false, why: `no ${BINDINGS[binding].title} envelope` };
      const response = elementChildren(body).find((e) => e.local === `${operation}Response` && e.ns === namespace);
      if (!response) return { ok: false, why: `no {${namespace}}${operation}Response in the Body` };
      const result = elementChildren(response).find((e) => e.local === `${operation}Result` && e.ns === namespace);
      if (!result) return { ok: false, why: `no {${namespace}}${operation}Result (a null result)` };
      return { ok: true, text: textContent(result) };
    }
    const root = x.doc.root;
    if (root.local !== 'string' || root.ns !== namespace) return { ok: false, why: `the root is not {${namespace}}string` };
    if (attribute(root, XSI_NS, 'nil') === 'true') return { ok: false, why: 'xsi:nil="true" (a null result)' };
    return { ok: true, text: textContent(root) };
  }
}
