// The checked-in XSD/WSDL files are derived from contracts/operations.ts and must not drift; the
// schemas must accept what a faithful ASMX host sends and reject what it never would.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import validator from 'xsd-schema-validator';
import { OPERATIONS, type EndpointId } from '../contracts/operations.ts';
import { SERVICE_NAME } from '../contracts/wsdl.ts';
import { BATCH_SCHEMA_FILE, RESPONSE_SCHEMA_FILE, SERVICE_SCHEMA_FILE, batchDocument, parseValidatorMessages } from '../contracts/xsd.ts';
import { ARTIFACT_DIRS, REPO_ROOT, renderArtifacts } from '../scripts/generate-artifacts.ts';

const read = (path: string): string => readFileSync(join(REPO_ROOT, path), 'utf8');
const schemaPath = (file: string): string => join(REPO_ROOT, 'contracts/xsd', file);
const ENDPOINTS: readonly EndpointId[] = ['net', 'bwc'];

/** Names of the children declared in a global element's sequence, read from the schema text. */
function sequenceNames(schema: string, element: string): string[] {
  const block = new RegExp(`<s:element name="${element}">([\\s\\S]*?)\\n  </s:element>`).exec(schema);
  if (!block) throw new Error(`no global element ${element}`);
  return [...block[1].matchAll(/ name="([^"]+)"/g)].map((m) => m[1]);
}

describe('checked-in contract artifacts', () => {
  const artifacts = renderArtifacts();

  it('match renderArtifacts() exactly', () => {
    const stale = 'is stale: run `npm run generate:artifacts`';
    const onDisk = ARTIFACT_DIRS.flatMap((dir) =>
      existsSync(join(REPO_ROOT, dir)) ? readdirSync(join(REPO_ROOT, dir)).map((f) => `${dir}/${f}`) : [],
    );
    const owned = Object.keys(artifacts).filter((p) => ARTIFACT_DIRS.some((dir) => p.startsWith(`${dir}/`)));
    expect(onDisk.sort(), `the file set ${stale}`).toEqual(owned.sort());
    for (const [path, text] of Object.entries(artifacts)) expect(read(path), `${path} ${stale}`).toBe(text);
  });

  it.each(ENDPOINTS)('%s WSDL declares every operation of its endpoint in every section', (endpoint) => {
    const wsdl = read(`contracts/wsdl/${SERVICE_NAME[endpoint]}.wsdl`);
    const ops = OPERATIONS.filter((o) => o.endpoint === endpoint);
    expect(ops.length).toBeGreaterThan(0);
    for (const op of ops) {
      for (const message of ['SoapIn', 'SoapOut', 'HttpGetIn', 'HttpGetOut', 'HttpPostIn', 'HttpPostOut']) {
        expect(wsdl).toContain(`<wsdl:message name="${op.name}${message}"`);
      }
      expect(wsdl).toContain(`<s:element name="${op.name}Response">`);
      // Once per port type (3) and per binding (4).
      expect(wsdl.split(`<wsdl:operation name="${op.name}">`).length - 1).toBe(7);
    }
    for (const port of ['Soap', 'Soap12', 'HttpGet', 'HttpPost']) {
      expect(wsdl).toContain(`<wsdl:port name="${SERVICE_NAME[endpoint]}${port}" binding="tns:${SERVICE_NAME[endpoint]}${port}">`);
    }
  });

  it('keeps the exact parameter names of spec §4.1 rules 3 and 4', () => {
    const net = read(`contracts/xsd/${SERVICE_SCHEMA_FILE.net}`);
    expect(net).toContain('<s:element minOccurs="1" maxOccurs="1" name="运营商" type="s:int" />');
    expect(sequenceNames(net, 'GetUserPackages')).toEqual(['SiteID', 'TimeSpan', 'UID', 'signtext']);
    expect(sequenceNames(net, 'BindTest')).toEqual(['SiteID', 'Timespan', 'UID', 'action', 'signText']);
    expect(read('contracts/wsdl/net.wsdl')).toContain('<wsdl:part name="运营商" type="s:string" />');
  });
});

describe('response schemas (Java javax.xml.validation)', { timeout: 30_000 }, () => {
  const soap11 = (body: string) =>
    '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">' +
    `<soap:Body>${body}</soap:Body></soap:Envelope>`;
  const getUserInfo = (ns: string) => `<GetUserInfoResponse xmlns="${ns}"><GetUserInfoResult>x</GetUserInfoResult></GetUserInfoResponse>`;

  it('accept ASMX SOAP 1.1 and HTTP GET responses', async () => {
    await expect(validator.validateXML(soap11(getUserInfo('PassPort_Net')), schemaPath(RESPONSE_SCHEMA_FILE.soap11))).resolves.toMatchObject({ valid: true });
    const get = '<?xml version="1.0" encoding="utf-8"?>\n<string xmlns="PassPort_Net">ok</string>';
    await expect(validator.validateXML(get, schemaPath(RESPONSE_SCHEMA_FILE.get))).resolves.toMatchObject({ valid: true });
  });

  it('report batch errors with positions that map back to items', async () => {
    const batch = batchDocument([
      soap11(getUserInfo('PassPort_Net')),
      soap11(getUserInfo('http://tempuri.org/')), // wrong namespace
      '<?xml version="1.0" encoding="utf-8"?>\r\n<string xmlns="PassPort_Net">two\nlines</string>',
      '<string xmlns="PassPort_Net"><b/></string>', // element content in a string
    ]);
    const error = await validator.validateXML(batch.xml, schemaPath(BATCH_SCHEMA_FILE)).then(
      () => undefined,
      (e: { messages: string[] }) => e,
    );
    const messages = parseValidatorMessages(error?.messages ?? []);
    expect(messages.map((m) => batch.itemAtLine(m.line ?? 0))).toEqual([1, 3]);
    expect(messages[0].text).toMatch(/^cvc-complex-type\.2\.4\.c: .*'GetUserInfoResponse'/);
  });
});

describe('parseValidatorMessages', () => {
  it('splits messages the validator package ran together and keeps positions', () => {
    const merged = "[error] cvc-enumeration-valid: Value 'a (1:2)' bad. (14:246)[error] cvc-type.3.1.3: bad. (14:247)";
    expect(parseValidatorMessages([merged, '[fatal] Premature end of file.'])).toEqual([
      { level: 'error', text: "cvc-enumeration-valid: Value 'a (1:2)' bad.", line: 14, column: 246 },
      { level: 'error', text: 'cvc-type.3.1.3: bad.', line: 14, column: 247 },
      { level: 'fatal', text: 'Premature end of file.' },
    ]);
  });
});
