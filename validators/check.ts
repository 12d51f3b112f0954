// What a check is: a small named unit that reads an exchange (or a group of exchanges of the same
// case over several bindings) and returns an outcome. It never sends anything (DESIGN.md).
import type { BindingId, EndpointSettings } from '../contracts/bindings.ts';
import type { OperationContract } from '../contracts/operations.ts';
import type { Level } from '../contracts/requirements.ts';
import type { Exchange } from '../transport/exchange.ts';
import type { ResponseView } from './view.ts';
import type { WsdlFacts } from './wsdlFacts.ts';

export type Verdict = 'passed' | 'failed' | 'warning' | 'not-applicable' | 'skipped' | 'error';

/** The outcome of one check on one exchange. Failures are data: expected versus actual. */
export type Outcome =
  | { readonly verdict: 'passed' }
  | { readonly verdict: 'failed'; readonly expected: string; readonly actual: string }
  | { readonly verdict: 'not-applicable'; readonly reason: string };

export const pass: Outcome = { verdict: 'passed' };
export const fail = (expected: string, actual: string): Outcome => ({ verdict: 'failed', expected, actual });
export const notApplicable = (reason: string): Outcome => ({ verdict: 'not-applicable', reason });

/** What the case meant to achieve, so result checks know when success is due. */
export interface CaseIntent {
  /** Valid authentication, fixture identities and allowed values: the documented success result is due. */
  readonly expectSuccess: boolean;
}

export interface CheckContext {
  readonly operation: OperationContract;
  readonly binding: BindingId;
  readonly settings: EndpointSettings;
  readonly exchange: Exchange;
  readonly view: ResponseView;
  readonly intent: CaseIntent;
  /** XSD verdict for this exchange's document, computed in one batch for the whole run. */
  readonly xsd?: { readonly valid: boolean; readonly messages: readonly string[] } | { readonly error: string };
}

export interface ExchangeCheck {
  readonly scope: 'exchange';
  /** Named as a sentence with a verb: checkSoap12ResponseIsSoapXml. */
  readonly id: string;
  readonly title: string;
  readonly level: Level;
  requirements(op: OperationContract, binding: BindingId): readonly string[];
  /** Whether the check has anything to say for this operation and binding at all. */
  appliesTo(op: OperationContract, binding: BindingId): boolean;
  run(ctx: CheckContext): Outcome;
}

/** One case sent over several bindings: for properties that relate bindings to each other. */
export interface GroupCheckContext {
  readonly operation: OperationContract;
  readonly binding: BindingId;
  /** Only the results are kept for this comparison: the answers themselves were checked and let go. */
  readonly baseline: { readonly binding: BindingId; readonly exchange: Exchange; readonly view: Pick<ResponseView, 'result'> };
  readonly exchange: Exchange;
  readonly view: Pick<ResponseView, 'result'>;
}

export interface GroupCheck {
  readonly scope: 'group';
  readonly id: string;
  readonly title: string;
  readonly level: Level;
  requirements(op: OperationContract, binding: BindingId): readonly string[];
  appliesTo(op: OperationContract, binding: BindingId): boolean;
  run(ctx: GroupCheckContext): Outcome;
}

/** The service's own description (`?WSDL`), fetched once per endpoint, read per operation and binding. */
export interface WsdlCheckContext {
  readonly operation: OperationContract;
  readonly binding: BindingId;
  readonly exchange: Exchange;
  readonly view: ResponseView;
  /** Facts of the WSDL derived from the contracts, and of the published one (undefined: not a WSDL). */
  readonly expected: WsdlFacts;
  readonly actual?: WsdlFacts;
}

export interface WsdlCheck {
  readonly scope: 'wsdl';
  readonly id: string;
  readonly title: string;
  readonly level: Level;
  requirements(op: OperationContract, binding: BindingId): readonly string[];
  appliesTo(op: OperationContract, binding: BindingId): boolean;
  run(ctx: WsdlCheckContext): Outcome;
}

/** An accepted request and a negative variant of it (generators/negative/), sent one after the other. */
export interface NegativeCheckContext {
  readonly operation: OperationContract;
  readonly binding: BindingId;
  readonly baseline: { readonly exchange: Exchange; readonly view: ResponseView };
  readonly exchange: Exchange;
  readonly view: ResponseView;
}

export interface NegativeCheck {
  readonly scope: 'negative';
  readonly id: string;
  readonly title: string;
  readonly level: Level;
  /** Where the level depends on the operation (a recipe from the spec is MUST, one from the profile PROFILE). */
  levelFor?(op: OperationContract): Level;
  /** The negative case (generators/negative/) whose variant this check judges. */
  readonly negativeCase: string;
  requirements(op: OperationContract, binding: BindingId): readonly string[];
  appliesTo(op: OperationContract, binding: BindingId): boolean;
  run(ctx: NegativeCheckContext): Outcome;
}

/** The answers to the steps of a scenario (generators/scenarios.ts), by step label. */
export interface ScenarioCheckContext {
  readonly binding: BindingId;
  readonly steps: ReadonlyMap<string, { readonly exchange: Exchange; readonly view: ResponseView }>;
}

export interface ScenarioCheck {
  readonly scope: 'scenario';
  readonly id: string;
  readonly title: string;
  readonly level: Level;
  readonly scenario: string;
  /** The operation whose answers the check judges; its results are reported under it. */
  readonly operation: string;
  requirements(op: OperationContract, binding: BindingId): readonly string[];
  appliesTo(op: OperationContract, binding: BindingId): boolean;
  run(ctx: ScenarioCheckContext): Outcome;
}

export type Check = ExchangeCheck | GroupCheck | WsdlCheck | NegativeCheck | ScenarioCheck;

export const levelOf = (check: Check, op: OperationContract): Level => ('levelFor' in check && check.levelFor ? check.levelFor(op) : check.level);

/** Requirement IDs that differ only by binding: IF-4.1-<BINDING>-<what>. */
export const perBinding = (what: string) => (_op: OperationContract, binding: BindingId) => [`IF-4.1-${BINDING_TAG[binding]}-${what}`];
export const BINDING_TAG: Record<BindingId, string> = { soap11: 'SOAP11', soap12: 'SOAP12', get: 'GET', post: 'POST' };

/** Cut long actual values in messages; the full bytes are in the exchange. */
export const excerpt = (s: string, max = 160): string => (s.length > max ? `${s.slice(0, max)}… (${s.length} characters)` : s);
