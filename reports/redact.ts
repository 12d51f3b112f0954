// Secrets (shared key, TOTP secret, carrier passwords) never reach a report or a log. Every text
// that leaves the harness goes through a Redactor, which also knows the encoded forms a secret
// takes on the wire: URL-encoded (GET/POST), XML-escaped (SOAP) and JSON-escaped (results).
import type { Profile } from '../config/profile.ts';

export const REDACTED = '[redacted]';

// XML: attribute-style (all five) and text-style (only & < >, CR as a reference, as ASMX and our
// SOAP encoder write it). JSON: JSON.stringify's, and .NET serialisers' \u003c style for <>&' and
// non-ASCII.
const xmlAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const u = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
const jsonDotNet = (s: string) => JSON.stringify(s).slice(1, -1).replace(/[<>&']/g, u);
const jsonAscii = (s: string) => jsonDotNet(s).replace(/[^\x00-\x7f]/g, u);

export class Redactor {
  private readonly needles: string[];

  constructor(secrets: readonly string[]) {
    const forms = new Set<string>();
    for (const s of secrets) {
      if (s.length < 4) continue; // too short to redact without mangling ordinary text
      forms.add(s);
      forms.add(encodeURIComponent(s));
      forms.add(encodeURIComponent(s).replace(/%20/g, '+'));
      forms.add(xmlAttr(s));
      forms.add(xmlText(s));
      forms.add(xmlText(s).replace(/\r/g, '&#xD;'));
      forms.add(JSON.stringify(s).slice(1, -1));
      forms.add(jsonDotNet(s));
      forms.add(jsonAscii(s));
    }
    // Longest first, so a secret that contains another is replaced whole.
    this.needles = [...forms].sort((a, b) => b.length - a.length);
  }

  static forProfile(profile: Profile): Redactor {
    return new Redactor([profile.sharedKey, profile.totp.secret, ...profile.fixtures.carrierAccounts.map((c) => c.password)]);
  }

  text(s: string): string {
    let out = s;
    for (const n of this.needles) if (out.includes(n)) out = out.split(n).join(REDACTED);
    return out;
  }

  headers(h: Readonly<Record<string, string>>): Record<string, string> {
    return Object.fromEntries(Object.entries(h).map(([k, v]) => [k, this.text(v)]));
  }

  /** A request with every part redacted, to show or to build a curl command from (never the reverse). */
  request<R extends { method: string; url: string; headers: Readonly<Record<string, string>>; body: string }>(req: R): { method: R['method']; url: string; headers: Record<string, string>; body: string } {
    return { method: req.method, url: this.text(req.url), headers: this.headers(req.headers), body: this.text(req.body) };
  }
}
