// Secrets (shared key, TOTP secret, carrier passwords) never reach a report or a log. Every text
// that leaves the harness goes through a Redactor, which also knows the encoded forms a secret
// takes on the wire: URL-encoded (GET/POST), XML-escaped (SOAP) and JSON-escaped (results).
import type { Profile } from '../config/profile.ts';

export const REDACTED = '[redacted]';

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export class Redactor {
  private readonly needles: string[];

  constructor(secrets: readonly string[]) {
    const forms = new Set<string>();
    for (const s of secrets) {
      if (s.length < 4) continue; // too short to redact without mangling ordinary text
      forms.add(s);
      forms.add(encodeURIComponent(s));
      forms.add(encodeURIComponent(s).replace(/%20/g, '+'));
      forms.add(xmlEscape(s));
      forms.add(JSON.stringify(s).slice(1, -1));
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
}
