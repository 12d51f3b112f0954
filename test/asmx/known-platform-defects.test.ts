// The known-defect filter is narrow: it explains the platform's own crash page, in one case,
// and nothing a faulty implementation could produce instead.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ResultEntry } from '../../reports/model.ts';
import { platformDefectOf } from './known-platform-defects.ts';

// The page Mono 6.8 answered with, as the suite recorded it (seed 12, GetUserInfo/post/42).
const MONO_PAGE = readFileSync(new URL('./fixtures/mono-encoding-race-500.html', import.meta.url), 'utf8');
// The same race while Mono wrote a SOAP 1.2 return value (seed 737736659, TryTelecomNetAAA/soap12/16).
const MONO_FAULT = readFileSync(new URL('./fixtures/mono-encoding-race-soap12-fault.xml', import.meta.url), 'utf8');

const entry = (body: string, failed = 1, status = 500): ResultEntry => ({
  check: 'checkResponseStatusIs200',
  title: 't',
  requirements: [],
  level: 'MUST',
  operation: 'GetUserInfo',
  endpoint: 'net',
  binding: 'post',
  verdict: 'failed',
  message: 'm',
  cases: { total: 100, passed: 100 - failed, failed, notApplicable: 0 },
  evidence: {
    exchangeId: 'GetUserInfo/post/42',
    seed: 1,
    path: '42',
    expected: '',
    actual: '',
    request: { method: 'POST', url: '', headers: {}, body: '' },
    response: { status, headers: {}, body, truncated: false },
    curl: '',
  },
});

describe('known platform defects', () => {
  it('explain the Mono encoding-table crash page in a single case', () => {
    expect(platformDefectOf(entry(MONO_PAGE))?.id).toBe('MONO-ENCODING-TABLE-RACE');
  });
  it('explain the same race inside the SOAP protocol writing a return value, as a Receiver fault', () => {
    expect(platformDefectOf(entry(MONO_FAULT))?.id).toBe('MONO-ENCODING-TABLE-RACE');
    expect(platformDefectOf(entry(MONO_FAULT, 2))).toBeUndefined();
    // Thrown where the application calls get_WebName, it is the implementation's.
    expect(platformDefectOf(entry(MONO_FAULT.replace('System.Web.Services.Protocols.ContentType.Compose (System.String contentType, System.Text.Encoding encoding, System.String action)', 'CampusNetReference.TryTelecomNetAAA ()')))).toBeUndefined();
  });
  it('explain nothing else: other 500s, several cases, other statuses', () => {
    expect(platformDefectOf(entry('Missing parameter: Account.'))).toBeUndefined();
    expect(platformDefectOf(entry(MONO_PAGE, 2))).toBeUndefined();
    expect(platformDefectOf(entry(MONO_PAGE, 1, 200))).toBeUndefined();
    // The same exception thrown by the application is the implementation's, not the platform's.
    expect(platformDefectOf(entry(MONO_PAGE.replaceAll('System.Web.HttpRequest.Validate', 'CampusNetReference.GetUserInfo')))).toBeUndefined();
  });
  it('are documented for the team in the ASMX host README', () => {
    expect(readFileSync(new URL('../../reference/asmx/README.md', import.meta.url), 'utf8')).toContain('MONO-ENCODING-TABLE-RACE');
  });
});
