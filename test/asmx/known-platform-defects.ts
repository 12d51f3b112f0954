// Defects of the hosting platform (Mono 6.8 on Debian), not of the implementation nor of the
// suite, seen while certifying the ASMX reference. The suite reports them as it must (a valid
// request got no valid answer); this test tolerates one only where the evidence is the
// platform's own signature, for a single case, and says so in its output. Kept as data, as
// DESIGN.md asks of known deviations.
import type { ResultEntry } from '../../reports/model.ts';

export interface PlatformDefect {
  readonly id: string;
  readonly description: string;
  /** Matches the failing exchange's evidence. */
  matches(entry: ResultEntry): boolean;
}

export const KNOWN_PLATFORM_DEFECTS: readonly PlatformDefect[] = [
  {
    id: 'MONO-ENCODING-TABLE-RACE',
    description:
      'Mono 6.8 now and then throws System.NotSupportedException "No data is available for encoding 65001" from ' +
      'Encoding.get_WebName in its own code, never in the application: inside HttpRequest.Validate before the ' +
      'application runs (HTTP 500, its HTML error page; seed 12, GetUserInfo/post/42), or inside ' +
      'ContentType.Compose while SoapServerProtocol writes the return value (HTTP 500, a SOAP Receiver fault; seed ' +
      '737736659, TryTelecomNetAAA/soap12/16). Seen about once in 70,000 requests under concurrency; the same ' +
      'requests replay clean, and 25,000 requests of a load loop did not reproduce it.',
    // As Mono writes them: test/asmx/fixtures/mono-encoding-race-500.html and
    // mono-encoding-race-soap12-fault.xml. The frame that called get_WebName must be the platform's.
    matches: (e) => {
      const body = e.evidence?.response?.body ?? '';
      if (e.evidence?.response?.status !== 500 || !/No data is available for encoding 65001/.test(body)) return false;
      // Mono's crash page, thrown while it validated the request.
      const page = /<h1>System\.NotSupportedException<\/h1>/.test(body) && /at System\.Web\.HttpRequest\.Validate \(\)/.test(body);
      // A Receiver fault, thrown where the SOAP protocol composes the answer's content type.
      const fault = /System\.NotSupportedException: /.test(body) && /at System\.Text\.Encoding\.get_WebName \(\)[^\n]*\n\s*at System\.Web\.Services\.Protocols\.ContentType\.Compose \(/.test(body);
      return page || fault;
    },
  },
];

/** The failing results explained by a known platform defect: one failing case, the platform's signature. */
export function platformDefectOf(entry: ResultEntry): PlatformDefect | undefined {
  if (entry.verdict !== 'failed' || entry.cases.failed !== 1) return undefined;
  return KNOWN_PLATFORM_DEFECTS.find((d) => d.matches(entry));
}
