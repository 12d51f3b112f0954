// One deviation from the reference, for the defect catalog (defects/catalog.ts): each field
// changes one behaviour in one place, so it is unmistakable what the suite must notice. A
// reference started without a deviation is the faithful one.
import type { IncomingHttpHeaders } from 'node:http';
import type { Args, Leniency } from './webMethod.ts';

/** A request as the host received it. */
export interface WireRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** A reply as it goes on the wire (header names as written). */
export interface WireReply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

export interface Deviation {
  /** The network endpoint compiled with another namespace (a forgotten one is http://tempuri.org/). */
  readonly netNamespace?: string;
  /** Protocols switched off in web.config (.NET's default leaves only HttpPostLocalhost). */
  readonly disabledProtocols?: readonly ('get' | 'post')[];
  /** Parameters the implementation names differently: operation → contract name → its name. */
  readonly renamedParams?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Where the implementation binds parameters more leniently than ASMX. */
  readonly leniency?: Leniency;
  /** Rewrites the request before the host reads it (a lenient front: headers, body). */
  readonly request?: (request: WireRequest) => WireRequest;
  /** Authentication the implementation forgot to verify. */
  readonly unverified?: readonly ('signature' | 'totp' | 'callerIp')[];
  /** The result the operation returns instead of the faithful one. */
  readonly result?: (operation: string, faithful: string | null, args: Args) => string | null;
  /** Rewrites the reply on the wire: status, headers, body (may delay: timing). */
  readonly reply?: (reply: WireReply, request: WireRequest) => WireReply | Promise<WireReply>;
}
