// An exchange: what was sent and what came back, byte for byte. Everything after the transport
// works on exchanges, so any verdict can be shown, reproduced and replayed.
import type { BindingId } from '../contracts/bindings.ts';

export interface RecordedRequest {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** The local address the request was sent from, when one was chosen (caller IP checks). */
  readonly localAddress?: string;
}

export interface RecordedResponse {
  readonly status: number;
  /** Header names in lower case; repeated headers joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  /** The body was longer than the cap and was cut there. */
  readonly truncated: boolean;
}

export type TransportErrorCode = 'TIMEOUT' | 'CONNECTION_REFUSED' | 'CONNECTION_RESET' | 'DNS' | 'NOT_SENT' | 'BAD_CONTENT_CODING' | 'OTHER';

export interface Exchange {
  /** Stable within a run: `<Op>/<binding>/<case>` (plus a step suffix for set-up requests). */
  readonly id: string;
  readonly operation: string;
  readonly binding: BindingId;
  readonly request: RecordedRequest;
  readonly response?: RecordedResponse;
  readonly error?: { readonly code: TransportErrorCode; readonly message: string };
  readonly startedAt: number;
  readonly durationMs: number;
  /** Where the case came from: fast-check seed and path, to regenerate it. */
  readonly origin: { readonly seed: number; readonly path: string };
}
