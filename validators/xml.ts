// A namespace-aware XML view on top of fast-xml-parser. Checks compare XML as XML: prefixes,
// whitespace between elements, CDATA, character references and the declaration carry no meaning
// here, so any serialisation with the same information reads the same.
//
// fast-xml-parser is lenient where the suite must be strict (undefined entities, several roots,
// character references to illegal code points), so entities are decoded here, by XML 1.0 rules.
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';
export const XML_NS = 'http://www.w3.org/XML/1998/namespace';

export interface XmlAttribute {
  readonly ns: string | null;
  readonly local: string;
  readonly qname: string;
  readonly value: string;
}

export interface XmlElement {
  readonly kind: 'element';
  readonly ns: string | null;
  readonly local: string;
  readonly qname: string;
  /** Attributes other than namespace declarations. */
  readonly attributes: readonly XmlAttribute[];
  /** The namespace declarations written on this element, prefix ('' for default) → URI. */
  readonly declarations: ReadonlyMap<string, string>;
  /** Prefix → URI for everything in scope here (to resolve QName values such as faultcodes). */
  readonly scope: ReadonlyMap<string, string>;
  readonly children: readonly XmlNode[];
}

export interface XmlText {
  readonly kind: 'text';
  readonly text: string;
}

export type XmlNode = XmlElement | XmlText;

export interface XmlDocument {
  readonly root: XmlElement;
  readonly declaredEncoding?: string;
}

export type ParseResult = { ok: true; doc: XmlDocument } | { ok: false; error: string };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: false, // decoded below, strictly
  cdataPropName: '#cdata',
  commentPropName: '#comment',
  ignorePiTags: false,
});

/** Code points XML 1.0 allows (§2.2 Char). */
function isXmlChar(cp: number): boolean {
  return cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

class XmlError extends Error {}

/** Decodes the five predefined entities and character references; anything else is not well-formed. */
export function decodeEntities(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&([^;&\s]*);?/g, (whole, name: string) => {
    if (!whole.endsWith(';')) throw new XmlError(`'&' not part of a reference near "${whole.slice(0, 20)}"`);
    if (name in PREDEFINED) return PREDEFINED[name];
    const m = /^#(?:x([0-9a-fA-F]+)|([0-9]+))$/.exec(name);
    if (!m) throw new XmlError(`undefined entity &${name};`);
    const cp = m[1] !== undefined ? parseInt(m[1], 16) : parseInt(m[2], 10);
    if (!isXmlChar(cp)) throw new XmlError(`character reference &${name}; is not a legal XML 1.0 character`);
    return String.fromCodePoint(cp);
  });
}

// Control characters (other than tab, LF, CR) cannot appear in an XML 1.0 document at all.
// eslint-disable-next-line no-control-regex
const ILLEGAL_RAW = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

type RawNode = Record<string, unknown>;

/** Parses text as a namespace-aware XML document, or says why it is not one. */
export function parseXml(text: string): ParseResult {
  try {
    return { ok: true, doc: parseOrThrow(text) };
  } catch (e) {
    if (e instanceof XmlError) return { ok: false, error: e.message };
    throw e;
  }
}

/**
 * parseXml for answers, which repeat: the same fault for every negative variant, the same result
 * for equal inputs (a full certification parses about 9,300 answers of about 500 distinct texts).
 * A parse is a pure function of the text and its result is never changed, so recent results are
 * kept, least recently used first out, within a budget of text; large texts are not kept. (The
 * reference target parses requests with parseXml itself: a server cannot count on repeats.)
 */
export function parseXmlRemembered(text: string): ParseResult {
  const hit = recent.get(text);
  if (hit) {
    recent.delete(text);
    recent.set(text, hit);
    return hit;
  }
  const result = parseXml(text);
  if (text.length <= RECENT_MAX_TEXT_CHARS) {
    recent.set(text, result);
    recentChars += text.length;
    for (const old of recent.keys()) {
      if (recentChars <= RECENT_BUDGET_CHARS) break;
      recent.delete(old);
      recentChars -= old.length;
    }
  }
  return result;
}

const recent = new Map<string, ParseResult>();
let recentChars = 0;
const RECENT_BUDGET_CHARS = 4 * 1024 * 1024;
const RECENT_MAX_TEXT_CHARS = 64 * 1024;

function parseOrThrow(input: string): XmlDocument {
  // XML 1.0 §2.11: line ends are normalised before parsing.
  const text = input.replace(/\r\n?/g, '\n');
  if (/<!DOCTYPE/i.test(text)) throw new XmlError('the document has a DOCTYPE; SOAP messages must not, and the suite never expands entities');
  const bad = ILLEGAL_RAW.exec(text);
  if (bad) throw new XmlError(`illegal character U+${bad[0].charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()} at offset ${bad.index}`);
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new XmlError(`${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col})`);
  const nodes = parser.parse(text) as RawNode[];
  let declaredEncoding: string | undefined;
  let root: XmlElement | undefined;
  for (const node of nodes) {
    const key = nodeKey(node);
    if (key === '?xml') {
      declaredEncoding = (node[':@'] as Record<string, string> | undefined)?.encoding;
      continue;
    }
    if (key === '#comment' || key.startsWith('?')) continue;
    if (key === '#text') {
      if (String(node['#text']).trim() !== '') throw new XmlError('text outside the root element');
      continue;
    }
    if (key === '#cdata') throw new XmlError('CDATA outside the root element');
    if (root) throw new XmlError(`a second root element <${key}>`);
    root = buildElement(key, node, new Map([['xml', XML_NS]]));
  }
  if (!root) throw new XmlError('no root element');
  // fast-xml-parser drops text after a self-closing root (<a/>text): nothing but markup and
  // white space may follow the root element.
  const tail = text.slice(text.lastIndexOf('>') + 1);
  if (tail.trim() !== '') throw new XmlError('text outside the root element');
  return { root, ...(declaredEncoding ? { declaredEncoding } : {}) };
}

function nodeKey(node: RawNode): string {
  for (const k of Object.keys(node)) if (k !== ':@') return k;
  throw new XmlError('empty node');
}

function splitQName(qname: string): [string | null, string] {
  const i = qname.indexOf(':');
  return i < 0 ? [null, qname] : [qname.slice(0, i), qname.slice(i + 1)];
}

function buildElement(qname: string, node: RawNode, parentScope: ReadonlyMap<string, string>): XmlElement {
  const rawAttrs = (node[':@'] ?? {}) as Record<string, string>;
  const declarations = new Map<string, string>();
  const plain: [string, string][] = [];
  for (const [name, rawValue] of Object.entries(rawAttrs)) {
    // XML 1.0 §3.3.3: a literal tab or line feed in an attribute value reads as a space.
    const value = decodeEntities(String(rawValue).replace(/[\t\n]/g, ' '));
    if (name === 'xmlns') declarations.set('', value);
    else if (name.startsWith('xmlns:')) {
      if (value === '') throw new XmlError(`namespace prefix ${name.slice(6)} undeclared with an empty URI (not allowed in XML 1.0)`);
      declarations.set(name.slice(6), value);
    } else plain.push([name, value]);
  }
  const scope = declarations.size ? new Map([...parentScope, ...declarations]) : parentScope;
  const [prefix, local] = splitQName(qname);
  const ns = prefix === null ? scope.get('') || null : scope.get(prefix);
  if (ns === undefined) throw new XmlError(`element <${qname}> uses the undeclared prefix ${prefix}`);
  const attributes: XmlAttribute[] = plain.map(([name, value]) => {
    const [ap, al] = splitQName(name);
    if (ap === null) return { ns: null, local: al, qname: name, value };
    const ans = scope.get(ap);
    if (ans === undefined) throw new XmlError(`attribute ${name} on <${qname}> uses an undeclared prefix`);
    return { ns: ans, local: al, qname: name, value };
  });
  const seen = new Set<string>();
  for (const a of attributes) {
    const key = `${a.ns}|${a.local}`;
    if (seen.has(key)) throw new XmlError(`attribute {${a.ns ?? ''}}${a.local} appears twice on <${qname}>`);
    seen.add(key);
  }
  const children: XmlNode[] = [];
  const rawChildren = (node[qname] ?? []) as RawNode[];
  for (const child of rawChildren) {
    const key = nodeKey(child);
    if (key === '#text') {
      const raw = String(child['#text']);
      if (raw.includes(']]>')) throw new XmlError("']]>' in text outside a CDATA section (XML 1.0 §2.4)");
      pushText(children, decodeEntities(raw));
    }
    else if (key === '#cdata') pushText(children, cdataText(child));
    else if (key === '#comment' || key.startsWith('?')) continue;
    else children.push(buildElement(key, child, scope));
  }
  return { kind: 'element', ns, local, qname, attributes, declarations, scope, children };
}

function cdataText(node: RawNode): string {
  const parts = node['#cdata'] as RawNode[];
  return parts.map((p) => String(p['#text'] ?? '')).join('');
}

/** Adjacent text, CDATA and references form one text node, as in the XML infoset. */
function pushText(children: XmlNode[], text: string): void {
  const last = children[children.length - 1];
  if (last && last.kind === 'text') children[children.length - 1] = { kind: 'text', text: last.text + text };
  else children.push({ kind: 'text', text });
}

// ---- Reading helpers used by the checks -------------------------------------------------------

export const elementChildren = (el: XmlElement): XmlElement[] => el.children.filter((c): c is XmlElement => c.kind === 'element');

/** Text content of an element with no element children (an xs:string value). */
export const textContent = (el: XmlElement): string =>
  el.children.map((c) => (c.kind === 'text' ? c.text : textContent(c))).join('');

/** Non-whitespace text directly inside an element that should hold only elements. */
export const strayText = (el: XmlElement): string | undefined =>
  el.children.find((c): c is XmlText => c.kind === 'text' && c.text.trim() !== '')?.text;

export const attribute = (el: XmlElement, ns: string | null, local: string): string | undefined =>
  el.attributes.find((a) => a.ns === ns && a.local === local)?.value;

export const expandedName = (el: Pick<XmlElement, 'ns' | 'local'>): string => (el.ns ? `{${el.ns}}${el.local}` : el.local);

// ---- Serialisation ---------------------------------------------------------------------------

const escapeText = (s: string): string =>
  s.replace(/[&<>\r\n\t]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;', '\n': '&#10;', '\t': '&#9;' })[c]!);
const escapeAttr = (s: string): string => escapeText(s).replace(/"/g, '&quot;');

/**
 * One-line serialisation that keeps every prefix and declaration as written (QName values such
 * as faultcodes still resolve) and drops only what carries no information: comments, PIs, the
 * declaration, and whitespace between elements. Used to batch documents for XSD validation.
 */
export function serializeOneLine(el: XmlElement): string {
  let out = `<${el.qname}`;
  for (const [prefix, uri] of el.declarations) out += prefix ? ` xmlns:${prefix}="${escapeAttr(uri)}"` : ` xmlns="${escapeAttr(uri)}"`;
  for (const a of el.attributes) out += ` ${a.qname}="${escapeAttr(a.value)}"`;
  const hasElements = el.children.some((c) => c.kind === 'element');
  const kids = el.children.filter((c) => !(hasElements && c.kind === 'text' && c.text.trim() === ''));
  if (kids.length === 0) return out + '/>';
  out += '>';
  for (const c of kids) out += c.kind === 'text' ? escapeText(c.text) : serializeOneLine(c);
  return out + `</${el.qname}>`;
}

export const escapeXmlText = (s: string): string => s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
