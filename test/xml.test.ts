// validators/xml.ts: a strict, namespace-aware reading of XML. Two serialisations of the same
// information must read the same; anything that is not well-formed XML 1.0 must be rejected.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  XML_NS,
  attribute,
  elementChildren,
  expandedName,
  parseXml,
  parseXmlRemembered,
  serializeOneLine,
  strayText,
  textContent,
  type XmlDocument,
  type XmlElement,
} from '../validators/xml.ts';

// ---- helpers -----------------------------------------------------------------------------------

/** The information of an element, independent of prefixes, quoting, CDATA and references. */
interface Canon {
  readonly name: string;
  readonly attrs: readonly (readonly [string, string])[];
  readonly children: readonly (string | Canon)[];
}

const expanded = (ns: string | null, local: string) => (ns === null ? local : `{${ns}}${local}`);

/** Canonical form: expanded names, attributes sorted, adjacent text merged, whitespace between elements dropped. */
function canon(el: XmlElement): Canon {
  const attrs = el.attributes.map((a) => [expanded(a.ns, a.local), a.value] as const).sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
  const hasElements = el.children.some((c) => c.kind === 'element');
  const children: (string | Canon)[] = [];
  for (const c of el.children) {
    if (c.kind === 'element') children.push(canon(c));
    else if (c.text === '' || (hasElements && c.text.trim() === '')) continue;
    else if (typeof children[children.length - 1] === 'string') children[children.length - 1] += c.text;
    else children.push(c.text);
  }
  return { name: expanded(el.ns, el.local), attrs, children };
}

function parseOk(text: string): XmlDocument {
  const r = parseXml(text);
  if (!r.ok) throw new Error(`expected well-formed XML, got: ${r.error}\n${text}`);
  return r.doc;
}

function expectRejected(text: string, message?: RegExp): void {
  const r = parseXml(text);
  expect(r.ok, `should be rejected: ${JSON.stringify(text)}`).toBe(false);
  if (!r.ok && message) expect(r.error).toMatch(message);
}

const SOAP11 = 'http://schemas.xmlsoap.org/soap/envelope/';

// ---- namespaces ----------------------------------------------------------------------------------

describe('parseXml: namespace resolution', () => {
  it('resolves prefixed and default namespaces, and inherits them', () => {
    const doc = parseOk(`<s:Envelope xmlns:s="${SOAP11}"><s:Body><Op xmlns="PassPort_Net"><A>1</A></Op></s:Body></s:Envelope>`);
    const env = doc.root;
    expect([env.ns, env.local, env.qname]).toEqual([SOAP11, 'Envelope', 's:Envelope']);
    const body = elementChildren(env)[0];
    expect([body.ns, body.local]).toEqual([SOAP11, 'Body']);
    const op = elementChildren(body)[0];
    expect([op.ns, op.local]).toEqual(['PassPort_Net', 'Op']);
    const a = elementChildren(op)[0];
    expect([a.ns, a.local]).toEqual(['PassPort_Net', 'A']);
    expect(expandedName(a)).toBe('{PassPort_Net}A');
    expect(a.scope.get('s')).toBe(SOAP11);
    expect(a.scope.get('')).toBe('PassPort_Net');
    expect(op.declarations).toEqual(new Map([['', 'PassPort_Net']]));
    expect(a.declarations.size).toBe(0);
  });

  it('an element without a default namespace in scope has no namespace', () => {
    const root = parseOk('<a><b/></a>').root;
    expect(root.ns).toBeNull();
    expect(elementChildren(root)[0].ns).toBeNull();
    expect(expandedName(root)).toBe('a');
  });

  it('xmlns="" undeclares the default namespace for the subtree only', () => {
    const root = parseOk('<a xmlns="urn:x"><b xmlns=""><c/></b><d/></a>').root;
    const [b, d] = elementChildren(root);
    expect(root.ns).toBe('urn:x');
    expect(b.ns).toBeNull();
    expect(elementChildren(b)[0].ns).toBeNull();
    expect(d.ns).toBe('urn:x');
  });

  it('a prefix can be rebound in a descendant', () => {
    const root = parseOk('<p:a xmlns:p="urn:1"><p:b xmlns:p="urn:2"/><p:c/></p:a>').root;
    const [b, c] = elementChildren(root);
    expect(b.ns).toBe('urn:2');
    expect(c.ns).toBe('urn:1');
  });

  it('unprefixed attributes have no namespace even under a default namespace; prefixed ones take the prefix namespace', () => {
    const root = parseOk('<a xmlns="urn:d" xmlns:q="urn:q" x="1" q:x="2" xml:lang="zh"/>').root;
    expect(attribute(root, null, 'x')).toBe('1');
    expect(attribute(root, 'urn:d', 'x')).toBeUndefined();
    expect(attribute(root, 'urn:q', 'x')).toBe('2');
    expect(attribute(root, XML_NS, 'lang')).toBe('zh');
    // Namespace declarations are not attributes.
    expect(root.attributes.map((a) => a.qname).sort()).toEqual(['q:x', 'x', 'xml:lang']);
  });

  it('rejects an unbound element prefix and an unbound attribute prefix', () => {
    expectRejected('<p:a/>', /undeclared prefix/);
    expectRejected('<a xmlns:p="urn:p"><q:b/></a>', /undeclared prefix/);
    expectRejected('<a p:x="1"/>', /undeclared prefix/);
    // The binding is not in scope outside the element that declares it.
    expectRejected('<a><b xmlns:p="urn:p"/><p:c/></a>', /undeclared prefix/);
  });

  it('rejects an attribute that appears twice under different prefixes bound to the same URI', () => {
    expectRejected('<r xmlns:a="urn:u" xmlns:b="urn:u" a:x="1" b:x="2"/>', /twice/);
    // Same local name, different namespaces: fine.
    const root = parseOk('<r xmlns:a="urn:u" xmlns:b="urn:v" a:x="1" b:x="2" x="3"/>').root;
    expect([attribute(root, 'urn:u', 'x'), attribute(root, 'urn:v', 'x'), attribute(root, null, 'x')]).toEqual(['1', '2', '3']);
  });

  it('rejects undeclaring a prefix with an empty URI (XML 1.0 namespaces)', () => {
    expectRejected('<a xmlns:p=""/>');
  });
});

// ---- same information, different serialisation ---------------------------------------------------

describe('parseXml: serialisation details carry no meaning', () => {
  const pretty = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<soap:Envelope xmlns:soap="${SOAP11}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">`,
    '  <soap:Body>',
    '    <r:GetUserInfoResponse xmlns:r="PassPort_Net" r:flag="1" note="x&amp;y">',
    '      <r:GetUserInfoResult>a &lt; b &amp; 中 &gt; "q" \'s\'</r:GetUserInfoResult>',
    '      <!-- a comment -->',
    '      <r:Empty/>',
    '    </r:GetUserInfoResponse>',
    '  </soap:Body>',
    '</soap:Envelope>',
    '',
  ].join('\n');
  const compact =
    `<e:Envelope xmlns:e="${SOAP11}"><e:Body>` +
    `<GetUserInfoResponse xmlns="PassPort_Net" xmlns:z="PassPort_Net" note='x&#38;y' z:flag="&#x31;">` +
    '<GetUserInfoResult><![CDATA[a < b ]]>&#x26;&#32;&#x4E2D;<![CDATA[ > ]]>&quot;q&quot; &apos;s&apos;</GetUserInfoResult>' +
    '<Empty></Empty>' +
    '</GetUserInfoResponse></e:Body></e:Envelope>';

  it('different prefixes, CDATA, character references, whitespace and declaration give the same names and text', () => {
    const a = parseOk(pretty);
    const b = parseOk(compact);
    expect(a.declaredEncoding).toBe('utf-8');
    expect(b.declaredEncoding).toBeUndefined();
    expect(canon(b.root)).toEqual(canon(a.root));
    const result = elementChildren(elementChildren(elementChildren(b.root)[0])[0])[0];
    expect(expandedName(result)).toBe('{PassPort_Net}GetUserInfoResult');
    expect(textContent(result)).toBe('a < b & 中 > "q" \'s\'');
  });

  it('the canonical comparison does see a change of namespace, attribute value or text (control)', () => {
    const base = canon(parseOk(compact).root);
    expect(canon(parseOk(compact.replace('xmlns="PassPort_Net"', 'xmlns="http://tempuri.org/"')).root)).not.toEqual(base);
    expect(canon(parseOk(compact.replace("note='x&#38;y'", "note='x&#38;z'")).root)).not.toEqual(base);
    expect(canon(parseOk(compact.replace('&#x4E2D;', '&#x4E2E;')).root)).not.toEqual(base);
  });

  it('CDATA, text and references next to each other form one text node; comments and PIs are skipped', () => {
    const root = parseOk('<a><![CDATA[<&>]]>t<!--c-->u<?pi x?>&#x1F600;</a>').root;
    expect(root.children).toEqual([{ kind: 'text', text: '<&>tu😀' }]);
  });
});

// ---- entities and characters -----------------------------------------------------------------------

describe('parseXml: strict entity and character handling', () => {
  it('decodes the five predefined entities and character references', () => {
    expect(textContent(parseOk('<a>&lt;&gt;&amp;&quot;&apos;</a>').root)).toBe('<>&"\'');
    expect(textContent(parseOk('<a>&#x4E2D;&#25991;&#x1F600;</a>').root)).toBe('中文😀');
    expect(attribute(parseOk('<a v="&#x4E2D;&lt;&quot;"/>').root, null, 'v')).toBe('中<"');
  });

  it('rejects an undefined entity (no DTD can define one)', () => {
    expectRejected('<a>&nbsp;</a>');
    expectRejected('<a>&foo;</a>', /undefined entity/);
    expectRejected('<a v="&foo;"/>');
  });

  it('rejects a bare ampersand', () => {
    expectRejected('<a>fish & chips</a>');
    expectRejected('<a>&amp</a>');
    expectRejected('<a v="a&b"/>');
  });

  it('rejects character references to characters XML 1.0 does not allow', () => {
    expectRejected('<a>&#x1;</a>', /not a legal XML 1.0 character/);
    expectRejected('<a>&#0;</a>', /not a legal XML 1.0 character/);
    expectRejected('<a>&#xFFFE;</a>');
    expectRejected('<a>&#xD800;</a>');
    expectRejected('<a>&#x110000;</a>');
    expectRejected('<a v="&#x1;"/>');
  });

  it('rejects raw control characters', () => {
    expectRejected('<a>x\u0001y</a>', /U\+0001/);
    expectRejected('<a>x\u000by</a>');
  });

  it('keeps tab, LF and CR given as references', () => {
    expect(textContent(parseOk('<a>&#9;&#10;&#13;</a>').root)).toBe('\t\n\r');
  });

  it('normalises CRLF and lone CR to LF, but keeps &#13; as CR', () => {
    expect(textContent(parseOk('<a>x\r\ny&#13;z\rw&#13;&#10;v</a>').root)).toBe('x\ny\rz\nw\r\nv');
    expect(textContent(parseOk('<a>1\r\n2</a>').root)).not.toContain('\r');
  });

  it('does not decode references inside CDATA', () => {
    expect(textContent(parseOk('<a><![CDATA[&amp;&#x41;]]></a>').root)).toBe('&amp;&#x41;');
  });
});

// ---- document structure --------------------------------------------------------------------------

describe('parseXml: document structure', () => {
  it('rejects a DOCTYPE', () => {
    expectRejected('<!DOCTYPE a><a/>', /DOCTYPE/);
    expectRejected('<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>', /DOCTYPE/);
  });

  it('rejects two root elements', () => {
    expectRejected('<a/><b/>');
    expectRejected('<a></a>\n<a></a>');
  });

  it('rejects text before or after the root element', () => {
    expectRejected('text<a/>');
    expectRejected('<a></a>text');
    expectRejected('<a/> x <!--c-->');
  });

  // Regression test (once a bug, now fixed) — validators/xml.ts, parseOrThrow): after a self-closing root, fast-xml-parser drops trailing
  // text and XMLValidator accepts it, so `<a/>text` is read as a well-formed document.
  it('rejects text after a self-closing root element', () => {
    expectRejected('<a/>text');
  });

  it('accepts whitespace, comments and PIs around the root, and rejects an empty document', () => {
    expect(parseOk('<?xml version="1.0"?>\n<!-- c -->\n<a/>\n<!-- d -->\n').root.local).toBe('a');
    expectRejected('');
    expectRejected('   ');
  });

  it('rejects mismatched and unclosed tags', () => {
    expectRejected('<a><b></a></b>');
    expectRejected('<a>');
  });

  // Regression test (once a bug, now fixed) — validators/xml.ts): XML 1.0 §2.4 (production [14] CharData) forbids the literal `]]>` in
  // character data; the parser accepts it.
  it('rejects a literal "]]>" in element content', () => {
    expectRejected('<a>]]></a>');
  });

  // Regression test (once a bug, now fixed) — validators/xml.ts, buildElement): XML 1.0 §3.3.3 attribute-value normalisation is not done:
  // a literal LF or TAB in an attribute value must read as a space (a reference keeps it).
  it('normalises literal whitespace in attribute values to spaces (XML 1.0 §3.3.3)', () => {
    const root = parseOk('<r a="x\ny" b="x\ty" c="x&#10;y"/>').root;
    expect(attribute(root, null, 'a')).toBe('x y');
    expect(attribute(root, null, 'b')).toBe('x y');
    expect(attribute(root, null, 'c')).toBe('x\ny');
  });
});

// ---- reading helpers --------------------------------------------------------------------------------

describe('reading helpers', () => {
  const root = parseOk('<a xmlns:p="urn:p" p:k="v" k="w">\n  <b>one<c>two</c>three</b>\n  <d/>\n</a>').root;

  it('elementChildren skips text', () => {
    expect(elementChildren(root).map((e) => e.local)).toEqual(['b', 'd']);
  });

  it('textContent concatenates descendant text in document order', () => {
    expect(textContent(elementChildren(root)[0])).toBe('onetwothree');
    expect(textContent(elementChildren(root)[1])).toBe('');
  });

  it('strayText finds non-whitespace text among elements and ignores whitespace-only text', () => {
    expect(strayText(root)).toBeUndefined();
    expect(strayText(elementChildren(root)[0])).toBe('one');
    expect(strayText(parseOk('<a>\n <b/> x </a>').root)).toBe(' x ');
  });

  it('attribute matches namespace and local name exactly', () => {
    expect(attribute(root, 'urn:p', 'k')).toBe('v');
    expect(attribute(root, null, 'k')).toBe('w');
    expect(attribute(root, 'urn:other', 'k')).toBeUndefined();
    expect(attribute(root, null, 'missing')).toBeUndefined();
  });
});

// ---- serializeOneLine ------------------------------------------------------------------------------

describe('serializeOneLine', () => {
  it('keeps prefixes and declarations, escapes text, and drops whitespace between elements', () => {
    const doc = parseOk(`<?xml version="1.0"?>\n<s:E xmlns:s="${SOAP11}">\n  <s:B a="&quot;&lt;">x&amp;y&#13;\nz</s:B>\n</s:E>`);
    expect(serializeOneLine(doc.root)).toBe(`<s:E xmlns:s="${SOAP11}"><s:B a="&quot;&lt;">x&amp;y&#13;&#10;z</s:B></s:E>`);
  });

  it('an empty element is written self-closed', () => {
    expect(serializeOneLine(parseOk('<a><b></b></a>').root)).toBe('<a><b/></a>');
  });

  // A generated tree: the model says what the document means; `render` writes it in one of many
  // equivalent ways (prefix or default namespace, either quote, CDATA or references).
  type TextNode = { readonly t: 'text'; readonly text: string; readonly cdata: boolean };
  type ElNode = {
    readonly t: 'el';
    readonly ns: number; // index into URIS, or -1 for none
    readonly prefixed: boolean;
    readonly local: string;
    readonly attrs: readonly { readonly ns: number; readonly local: string; readonly value: string; readonly apos: boolean }[];
    readonly children: readonly (TextNode | ElNode)[];
  };
  const URIS = ['PassPort_Net', 'urn:a', 'http://h:1/', 'urn:with&amp'];
  const CHARS = ['a', 'Z', '0', ' ', '\t', '\n', '\r', '<', '>', '&', '"', "'", ']', ';', '#', '中', '😀', 'é'];
  const text = fc.array(fc.constantFrom(...CHARS), { maxLength: 8 }).map((a) => a.join(''));
  const local = fc.constantFrom('a', 'b', 'Op', 'SiteID', '运营商', 'v4下行流量', 'x-y', 'x.y', '_z');

  const { tree } = fc.letrec<{ tree: ElNode; node: TextNode | ElNode }>((tie) => ({
    tree: fc.record({
      t: fc.constant('el' as const),
      ns: fc.integer({ min: -1, max: URIS.length - 1 }),
      prefixed: fc.boolean(),
      local,
      attrs: fc.uniqueArray(
        fc.record({ ns: fc.integer({ min: -1, max: URIS.length - 1 }), local: fc.constantFrom('k', 'id', 'v'), value: text, apos: fc.boolean() }),
        { maxLength: 3, selector: (a) => `${a.ns}|${a.local}` },
      ),
      children: fc.array(tie('node'), { maxLength: 4 }),
    }),
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.record({ t: fc.constant('text' as const), text, cdata: fc.boolean() }),
      tie('tree'),
    ),
  }));

  const refText = (s: string) =>
    s.replace(/[&<>\r\n\t"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;', '\n': '&#10;', '\t': '&#x9;', '"': '&quot;', "'": '&apos;' })[c]!);

  function render(el: ElNode): string {
    const qn = el.ns >= 0 && el.prefixed ? `e:${el.local}` : el.local;
    let out = `<${qn}`;
    if (el.ns >= 0 && el.prefixed) out += ` xmlns:e="${refText(URIS[el.ns])}"`;
    else out += ` xmlns="${el.ns >= 0 ? refText(URIS[el.ns]) : ''}"`;
    el.attrs.forEach((a, i) => {
      const q = a.apos ? "'" : '"';
      const v = refText(a.value);
      if (a.ns < 0) out += ` ${a.local}=${q}${v}${q}`;
      else out += ` xmlns:a${i}="${refText(URIS[a.ns])}" a${i}:${a.local}=${q}${v}${q}`;
    });
    if (el.children.length === 0) return out + '/>';
    out += '>';
    for (const c of el.children) {
      if (c.t === 'el') out += render(c);
      // CR cannot survive in CDATA (line-end normalisation), nor can "]]>".
      else if (c.cdata && !c.text.includes('\r') && !c.text.includes(']]>') && c.text !== '') out += `<![CDATA[${c.text}]]>`;
      else out += refText(c.text);
    }
    return out + `</${qn}>`;
  }

  function expected(el: ElNode): Canon {
    const attrs = el.attrs
      .map((a) => [expanded(a.ns >= 0 ? URIS[a.ns] : null, a.local), a.value] as const)
      .sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
    const merged: (string | ElNode)[] = [];
    for (const c of el.children) {
      if (c.t === 'el') merged.push(c);
      else if (typeof merged[merged.length - 1] === 'string') merged[merged.length - 1] += c.text;
      else merged.push(c.text);
    }
    const hasElements = merged.some((c) => typeof c !== 'string');
    const children = merged
      .filter((c) => typeof c !== 'string' || !(c === '' || (hasElements && c.trim() === '')))
      .map((c) => (typeof c === 'string' ? c : expected(c)));
    return { name: expanded(el.ns >= 0 ? URIS[el.ns] : null, el.local), attrs, children };
  }

  const depth = (el: ElNode): number => 1 + Math.max(0, ...el.children.map((c) => (c.t === 'el' ? depth(c) : 0)));

  it('parses generated documents to their meaning, and its one-line output re-parses to the same tree', () => {
    let deep = 0;
    let withCdata = 0;
    fc.assert(
      fc.property(tree, (model) => {
        const xml = render(model);
        if (depth(model) >= 3) deep++;
        if (xml.includes('<![CDATA[')) withCdata++;
        const first = parseOk(xml).root;
        expect(canon(first)).toEqual(expected(model));
        const line = serializeOneLine(first);
        expect(line).not.toMatch(/[\r\n]/);
        expect(canon(parseOk(line).root)).toEqual(canon(first));
        // And serialising is stable.
        expect(serializeOneLine(parseOk(line).root)).toBe(line);
      }),
      { numRuns: 300, seed: 20260101 },
    );
    // The generator does reach nested trees and CDATA (the property is not vacuous).
    expect(deep).toBeGreaterThan(10);
    expect(withCdata).toBeGreaterThan(10);
  });
});

// ---- parseXmlRemembered ------------------------------------------------------------------------------

describe('parseXmlRemembered (answers repeat: a parse is kept for the same text)', () => {
  it('reads a text as parseXml does, well-formed or not, and gives the same result again', () => {
    for (const text of ['<a xmlns="urn:x"><b c="1">t</b></a>', '<a><b></a>', '<a>&undefined;</a>']) {
      const first = parseXmlRemembered(text);
      expect(first).toEqual(parseXml(text));
      expect(parseXmlRemembered(text)).toBe(first);
    }
  });

  it('keeps no large text (its tree could be huge)', () => {
    const big = `<a>${'x'.repeat(70 * 1024)}</a>`;
    expect(parseXmlRemembered(big)).not.toBe(parseXmlRemembered(big));
  });

  it('lets the oldest go once the budget of text is spent', () => {
    const first = '<first/>';
    const kept = parseXmlRemembered(first);
    // 4 MiB of other texts of 60 KiB each push the first one out.
    for (let i = 0; i < 80; i++) parseXmlRemembered(`<a n="${i}">${'y'.repeat(60 * 1024)}</a>`);
    expect(parseXmlRemembered(first)).not.toBe(kept);
  });
});
