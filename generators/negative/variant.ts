// A negative case: a request the target must refuse, built from an accepted one by changing one
// thing (DESIGN.md: negative variants). Only the request side lives here; what counts as refused
// is judged by the checks in validators/checks/.
import type { BindingId, EndpointSettings } from '../../contracts/bindings.ts';
import type { OperationContract } from '../../contracts/operations.ts';
import type { Profile } from '../../config/profile.ts';
import type { EncodedRequest, EncodeOptions, ParamValue } from '../../bindings/encode.ts';
import type { Clock } from '../clock.ts';
import type { RequestCase } from '../requestCase.ts';

export interface VariantContext {
  readonly operation: OperationContract;
  readonly binding: BindingId;
  readonly case: RequestCase;
  /** The accepted request's parameters, authenticated, in the binding's lexical form. */
  readonly params: readonly ParamValue[];
  readonly profile: Profile;
  readonly clock: Clock;
  readonly settings: EndpointSettings;
}

export interface Variant {
  readonly params: readonly ParamValue[];
  readonly encode?: Partial<EncodeOptions>;
  /** Changes the encoded request (protocol-level cases: headers, body). */
  readonly rewrite?: (req: EncodedRequest) => EncodedRequest;
  /** Send from this local address (caller IP checks). */
  readonly localAddress?: string;
}

export interface NegativeCase {
  readonly id: string;
  /** true, or why the case does not apply to this operation and binding. */
  applies(op: OperationContract, binding: BindingId): true | string;
  /** true, or what the configuration lacks for it (the check is then skipped with that reason). */
  requires?(profile: Profile): true | string;
  build(ctx: VariantContext): Variant;
}

/** The parameters with one value replaced. */
export const withValue = (params: readonly ParamValue[], name: string, text: string): ParamValue[] =>
  params.map((p) => (p.name === name ? { name, text } : p));

/** The parameters with one renamed (the value kept). */
export const renamed = (params: readonly ParamValue[], name: string, to: string): ParamValue[] =>
  params.map((p) => (p.name === name ? { name: to, text: p.text } : p));

export const valueOf = (params: readonly ParamValue[], name: string): string => params.find((p) => p.name === name)?.text ?? '';
