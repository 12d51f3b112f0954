// The published-WSDL comparison: the same description in another layout agrees; each kind of
// drift an ASMX deployment can show is found, in the operation and binding where it is.
import { describe, expect, it } from 'vitest';
import { wsdlFor } from '../contracts/wsdl.ts';
import { OPERATIONS } from '../contracts/operations.ts';
import { parseXml } from '../validators/xml.ts';
import { diffFacts, factKey, wsdlFacts, type WsdlFacts } from '../validators/wsdlFacts.ts';
import { checkPublishedWsdlMatchesContracts } from '../validators/checks/wsdl.ts';
import { ResponseView } from '../validators/view.ts';
import type { Exchange } from '../transport/exchange.ts';
import type { BindingId } from '../contracts/bindings.ts';
import { operation } from '../contracts/operations.ts';

const NET = wsdlFor('net', { namespace: 'PassPort_Net', location: 'http://a/API/net.asmx' });
const facts = (text: string): WsdlFacts => {
  const p = parseXml(text);
  if (!p.ok) throw new Error(p.error);
  return wsdlFacts(p.doc.root);
};
const expected = facts(NET);

/** Keys where the two fact sets differ. */
function drift(text: string): string[] {
  const actual = facts(text);
  return [...new Set([...expected.keys(), ...actual.keys()])].filter((k) => {
    const d = diffFacts(expected.get(k), actual.get(k));
    return d.missing.length + d.unexpected.length > 0;
  });
}

describe('WSDL facts', () => {
  it('cover every operation of the endpoint in all four bindings', () => {
    const net = OPERATIONS.filter((o) => o.endpoint === 'net');
    expect(expected.size).toBe(net.length * 4);
  });

  it('do not depend on prefixes, layout or the address', () => {
    // Other prefixes for the WSDL and XML Schema namespaces, other white space, another address.
    const relaid = NET.replace(/(<\/?)wsdl:/g, '$1w:')
      .replace('xmlns:wsdl=', 'xmlns:w=')
      .replace(/(<\/?)s:/g, '$1xs:')
      .replace(/="s:/g, '="xs:')
      .replace('xmlns:s=', 'xmlns:xs=')
      .replaceAll('>\n', '>\n\n  ')
      .replaceAll('http://a/API/net.asmx', 'http://elsewhere:9/x.asmx');
    expect(relaid).not.toBe(NET);
    expect(drift(relaid)).toEqual([]);
  });

  it.each([
    ['a parameter under another casing', (w: string) => w.replace('name="signtext"', 'name="SignText"'), ['GetUserPackages']],
    ['an ASCII name for 运营商', (w: string) => w.replaceAll('name="运营商"', 'name="Carrier"'), ['ActiveCampusAccount']],
    ['two parameters in another order', (w: string) => w.replace(/(<s:element minOccurs="0" maxOccurs="1" name="uid" type="s:string" \/>)(\s*)(<s:element minOccurs="0" maxOccurs="1" name="Product" type="s:string" \/>)/, '$3$2$1'), ['GetUserProductFromLog']],
    ['another type', (w: string) => w.replace('name="ProductID" type="s:int"', 'name="ProductID" type="s:string"'), ['UpdateADUser']],
  ])('find %s in SOAP and leave other operations alone', (_what, mutate, ops) => {
    const mutated = (mutate as (w: string) => string)(NET);
    expect(mutated).not.toBe(NET);
    const keys = drift(mutated);
    for (const op of ops as string[]) expect(keys).toContain(factKey(op, 'soap11'));
    expect(keys.every((k) => (ops as string[]).includes(k.split('|')[0]))).toBe(true);
  });

  it("find the default namespace http://tempuri.org/ left in place", () => {
    const tempuri = NET.replaceAll('PassPort_Net', 'http://tempuri.org');
    expect(drift(tempuri).length).toBe(expected.size);
  });

  it('find a wrong SOAPAction only in the binding that carries it', () => {
    const keys = drift(NET.replace('soapAction="PassPort_Net/DeleteUser"', 'soapAction="http://tempuri.org/DeleteUser"'));
    expect(keys).toEqual([factKey('DeleteUser', 'soap11')]);
  });

  it('find a binding left out (HTTP GET disabled, as .NET does by default)', () => {
    const noGet = NET.replace(/<wsdl:port name="netHttpGet"[\s\S]*?<\/wsdl:port>/, '');
    const keys = drift(noGet);
    expect(keys.length).toBe(19);
    expect(keys.every((k) => k.endsWith('|get'))).toBe(true);
  });
});

describe('checkPublishedWsdlMatchesContracts', () => {
  const run = (status: number, body: string, binding: BindingId = 'soap11', op = 'GetUserInfo') => {
    const exchange: Exchange = {
      id: 'net/wsdl',
      operation: '?WSDL',
      binding: 'get',
      request: { method: 'GET', url: 'http://a/API/net.asmx?WSDL', headers: {}, body: '' },
      response: { status, headers: { 'content-type': 'text/xml; charset=utf-8' }, body: Buffer.from(body), truncated: false },
      startedAt: 0,
      durationMs: 1,
      origin: { seed: 0, path: '0' },
    };
    const view = new ResponseView(exchange, { operation: '?WSDL', namespace: 'PassPort_Net', binding: 'get' });
    const actual = view.xml.ok ? wsdlFacts(view.xml.doc.root) : undefined;
    return checkPublishedWsdlMatchesContracts.run({ operation: operation(op), binding, exchange, view, expected, ...(actual?.size ? { actual } : {}) });
  };
  it('passes the derived WSDL and fails documentation that is off or different', () => {
    expect(run(200, NET).verdict).toBe('passed');
    expect(run(500, 'Request format is unrecognized').verdict).toBe('failed');
    expect(run(200, '<html><body>help</body></html>').verdict).toBe('failed');
    // GET takes the names from the HTTP message parts, which a casing change in them breaks.
    const o = run(200, NET.replace(/(GetUserPackagesHttpGetIn">[\s\S]*?)name="signtext"/, '$1name="SignText"'), 'get', 'GetUserPackages');
    expect(o.verdict).toBe('failed');
    expect(checkPublishedWsdlMatchesContracts.level).toBe('SHOULD');
  });
});
