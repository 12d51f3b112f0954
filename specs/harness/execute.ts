// Runs a certification: generate each operation's cases, send them over every binding, validate
// all responses against the XML Schemas in one batch, run the checks, and aggregate the outcomes
// per check, operation and binding. The specs only read what this returns.
import fc from 'fast-check';
import type { BindingId, EndpointSettings } from '../../contracts/bindings.ts';
import type { OperationContract } from '../../contracts/operations.ts';
import type { RunSettings } from '../../config/load.ts';
import { resolveProfile, type Profile } from '../../config/profile.ts';
import { encodeRequest, endpointUrl, toCurl } from '../../bindings/encode.ts';
import { wsdlFor } from '../../contracts/wsdl.ts';
import { parseXml } from '../../validators/xml.ts';
import { wsdlFacts, type WsdlFacts } from '../../validators/wsdlFacts.ts';
import { Transport } from '../../transport/send.ts';
import type { Exchange } from '../../transport/exchange.ts';
import { requestCase, type RequestCase } from '../../generators/requestCase.ts';
import { authenticatedParams } from '../../generators/authenticate.ts';
import { fixedClock, systemClock, type Clock } from '../../generators/clock.ts';
import { intentOf } from '../../generators/intent.ts';
import { needsSerialCases, preconditionsOf } from '../../generators/preconditions.ts';
import { ResponseView } from '../../validators/view.ts';
import { XsdBatch, type XsdVerdict } from '../../validators/xsdBatch.ts';
import { namespaceOf } from '../../contracts/bindings.ts';
import { levelOf, type CaseIntent, type Check, type ExchangeCheck, type NegativeCheck, type Outcome, type ScenarioCheck } from '../../validators/check.ts';
import { CHECKS } from '../../validators/checks/index.ts';
import { SCENARIO_BY_ID } from '../../generators/scenarios.ts';
import { OPERATION_BY_NAME } from '../../contracts/operations.ts';
import type { ParamValue } from '../../bindings/encode.ts';
import { NEGATIVE_CASE_BY_ID } from '../../generators/negative/index.ts';
import type { Variant } from '../../generators/negative/variant.ts';
import { Redactor } from '../../reports/redact.ts';
import type { Evidence, ResultEntry } from '../../reports/model.ts';
import { checksFor, planRun, type OperationPlan } from './plan.ts';

/** One case sent over one binding. */
interface Sent {
  readonly operation: OperationContract;
  readonly binding: BindingId;
  readonly index: number;
  readonly seed: number;
  readonly exchange: Exchange;
  readonly intent: CaseIntent;
  /** Set-up requests sent before it (preconditions), kept as evidence. */
  readonly setup: readonly Exchange[];
  /** The answer read once; let go after its checks, keeping only the result for §9.1. */
  view?: Pick<ResponseView, 'result'>;
}

export interface RunOutcome {
  readonly results: readonly ResultEntry[];
  readonly exchanges: number;
  entry(check: string, operation: string, binding: BindingId): ResultEntry | undefined;
}

export interface ExecuteHooks {
  /** Called after each operation's requests are all answered. */
  onOperationSent?(operation: string, done: number, total: number): void;
  /** Stops sending when aborted; what was sent is still checked and reported. */
  signal?: AbortSignal;
}

export function endpointSettings(s: RunSettings): EndpointSettings {
  return { baseUrl: s.target, paths: s.paths, securityOfficeNamespace: s.securityOfficeNamespace };
}

/** After this many requests in a row fail at the transport level, nothing more is sent. */
export const BREAKER_THRESHOLD = 5;

class Sender {
  /** Requests in a row that got no HTTP answer (timeout, reset, refused). */
  private failuresInARow = 0;
  /** Why sending stopped, once the target stopped answering. */
  stopped?: string;
  /** Requests that went out (cases, set-up, negative variants, scenario steps). */
  sentCount = 0;

  constructor(
    private readonly transport: Transport,
    readonly settings: EndpointSettings,
    readonly profile: Profile,
    readonly clock: Clock,
    private readonly signal?: AbortSignal,
  ) {}

  /** Nothing more goes out once the run is interrupted or the target stopped answering. */
  get halted(): boolean {
    return this.signal?.aborted === true || this.stopped !== undefined;
  }

  params(op: OperationContract, binding: BindingId, c: RequestCase): ParamValue[] {
    return authenticatedParams(op, binding, c, this.profile, this.clock);
  }

  send(op: OperationContract, binding: BindingId, c: RequestCase, id: string, origin: Exchange['origin']): Promise<Exchange | undefined> {
    return this.sendVariant(op, binding, { params: this.params(op, binding, c) }, id, origin);
  }

  /** Sends parameters as given, with a negative case's changes to the encoding or the request. */
  /** The exchange, or undefined when the run stopped before the request could go out. */
  async sendVariant(op: OperationContract, binding: BindingId, v: Variant, id: string, origin: Exchange['origin']): Promise<Exchange | undefined> {
    const encoded = encodeRequest(op, binding, v.params, { settings: this.settings, ...v.encode });
    const req = v.rewrite ? v.rewrite(encoded) : encoded;
    // A caller-IP check (§5.4) must see the allowed source address when one is configured.
    const localAddress = v.localAddress ?? (op.auth.kind === 'callerIp' ? this.profile.ipCheck.allowedSource : undefined);
    const r = await this.transport.send(req, localAddress, () => !this.halted);
    if (r.error?.code === 'NOT_SENT') return undefined;
    this.sentCount++;
    // A target that stopped answering would make the run last (requests x timeout): after a few
    // transport failures in a row the run stops sending and reports what it has.
    // (A body that does not decode is an answer: it costs no timeout.)
    this.failuresInARow = r.error && !r.response ? this.failuresInARow + 1 : 0;
    if (this.failuresInARow >= BREAKER_THRESHOLD && !this.stopped) {
      this.stopped = `the target stopped answering (${BREAKER_THRESHOLD} requests in a row failed: ${r.error!.message}); nothing more was sent`;
    }
    return {
      id,
      operation: op.name,
      binding,
      request: { ...req, ...(localAddress ? { localAddress } : {}) },
      ...(r.response ? { response: r.response } : {}),
      ...(r.error ? { error: r.error } : {}),
      startedAt: r.startedAt,
      durationMs: r.durationMs,
      origin,
    };
  }
}

/** A negative variant sent after the accepted request it is judged against. */
interface NegativeSent {
  readonly check: NegativeCheck;
  readonly operation: OperationContract;
  readonly binding: BindingId;
  readonly index: number;
  readonly seed: number;
  readonly baseline?: Exchange;
  readonly exchange?: Exchange;
  /** Why the check was not run (the configuration lacks what it needs). */
  readonly skipped?: string;
}

/** How many of an operation's cases per binding also go out as negative variants. */
const NEGATIVE_CASES_PER_BINDING = 2;

/**
 * Negative variants of the first cases that must succeed: per case, the accepted request, then
 * each variant (after the case's preconditions, so that acceptance would show), each judged
 * against that accepted answer. For an operation that changes state, one request at a time.
 */
async function sendNegatives(plan: OperationPlan, cases: readonly RequestCase[], sender: Sender, judge: (n: NegativeSent) => void, signal?: AbortSignal, onlyCase?: number): Promise<void> {
  const op = plan.operation;
  const fx = sender.profile.fixtures;
  const chosen = cases
    .map((c, i) => [c, i] as const)
    .filter(([c]) => intentOf(op, c, fx).expectSuccess)
    .slice(0, NEGATIVE_CASES_PER_BINDING)
    .filter(([, i]) => onlyCase === undefined || i === onlyCase);
  // Each variant follows its accepted request within one binding. Bindings of an operation that
  // changes nothing cannot disturb each other, so they go in parallel; the others one by one.
  const perBinding = async (binding: BindingId): Promise<void> => {
    const checks = checksFor(op, binding).filter((c): c is NegativeCheck => c.scope === 'negative');
    if (!checks.length) return;
    // A small --runs may draw no case the target must accept (fixture identities, values in range):
    // there is then nothing to judge a variant against, and the report says so rather than guess.
    if (!chosen.length && onlyCase === undefined) {
      const reason = `none of the ${cases.length} generated cases is one the target must accept (fixture identities, values in range), and a negative variant is judged against such a request; more --runs will draw one`;
      for (const check of checks) judge({ check, operation: op, binding, index: 0, seed: plan.seed, skipped: reason });
      return;
    }
    const perCase = async ([c, index]: (typeof chosen)[number]): Promise<void> => {
      if (signal?.aborted || sender.stopped) return;
      const id = `${op.name}/${binding}/${index}`;
      const origin = { seed: plan.seed, path: String(index) };
      const setup = async (suffix: string) => {
        for (const [k, step] of preconditionsOf(op, c, fx).entries()) await sender.send(step.operation, binding, step.case, `${id}/${suffix}/setup-${k}`, origin);
      };
      await setup('accepted');
      const baseline = await sender.send(op, binding, c, `${id}/accepted`, origin);
      if (!baseline) return;
      const variantOf = async (check: NegativeCheck): Promise<void> => {
        const negative = NEGATIVE_CASE_BY_ID.get(check.negativeCase)!;
        const lacking = negative.requires?.(sender.profile);
        if (typeof lacking === 'string') return judge({ check, operation: op, binding, index, seed: plan.seed, skipped: lacking });
        await setup(negative.id);
        const variant = negative.build({ operation: op, binding, case: c, params: sender.params(op, binding, c), profile: sender.profile, clock: sender.clock, settings: sender.settings });
        const exchange = await sender.sendVariant(op, binding, variant, `${id}/${negative.id}`, origin);
        if (exchange) judge({ check, operation: op, binding, index, seed: plan.seed, baseline, exchange });
      };
      // A variant of an operation that changes state must follow its own set-up and nothing else;
      // the others change nothing, so they go together once the accepted answer is in.
      if (op.mutates) for (const check of checks) await variantOf(check);
      else await Promise.all(checks.map(variantOf));
    };
    if (op.mutates) for (const one of chosen) await perCase(one);
    else await Promise.all(chosen.map(perCase));
  };
  if (op.mutates) for (const b of plan.bindings) await perBinding(b);
  else await Promise.all(plan.bindings.map(perBinding));
}

/**
 * Sends one operation's cases over every binding, each checked as soon as its answer is in (so
 * memory holds answers in flight, not the operation's), then compares bindings and sends the
 * negative variants, each judged as it comes back.
 */
async function sendOperation(plan: OperationPlan, runs: number, profile: Profile, sender: Sender, st: CheckingState, signal?: AbortSignal, onlyCase?: number): Promise<number> {
  const op = plan.operation;
  // One sample per operation: case i is the same inputs in every binding (the §9.1 property).
  const cases = fc.sample(requestCase(op, profile.fixtures), { seed: plan.seed, numRuns: runs });
  // A replay sends one case; the sample is drawn whole all the same, so case i is the same case.
  const jobs = plan.bindings.flatMap((binding) => cases.map((c, index) => ({ binding, c, index }))).filter((j) => onlyCase === undefined || j.index === onlyCase);
  const one = async ({ binding, c, index }: (typeof jobs)[number]): Promise<Sent | undefined> => {
    if (signal?.aborted || sender.stopped) return undefined;
    const id = `${op.name}/${binding}/${index}`;
    const origin = { seed: plan.seed, path: String(index) };
    const setup: Exchange[] = [];
    for (const [k, step] of preconditionsOf(op, c, profile.fixtures).entries()) {
      const x = await sender.send(step.operation, binding, step.case, `${id}/setup-${k}`, origin);
      if (!x) return undefined;
      setup.push(x);
    }
    const exchange = await sender.send(op, binding, c, id, origin);
    if (!exchange) return undefined;
    return checkExchange({ operation: op, binding, index, seed: plan.seed, exchange, intent: intentOf(op, c, profile.fixtures), setup }, st);
  };
  const sent: (Sent | undefined)[] = [];
  if (needsSerialCases(op)) for (const j of jobs) sent.push(await one(j));
  else sent.push(...(await Promise.all(jobs.map(one))));
  const kept = sent.filter((x): x is Sent => x !== undefined);
  compareBindings(kept, st);
  await sendNegatives(plan, cases, sender, (n) => judgeNegative(n, st), signal, onlyCase);
  return kept.length;
}

interface ScenarioRun {
  readonly check: ScenarioCheck;
  readonly binding: BindingId;
  readonly steps: ReadonlyMap<string, { exchange: Exchange; view: ResponseView }>;
  readonly skipped?: string;
}

/**
 * The state scenarios (generators/scenarios.ts), once per binding, one step after another, after
 * every operation's cases: they change state, so they run only where mutations are allowed.
 */
async function runScenarios(plans: readonly OperationPlan[], s: RunSettings, sender: Sender, signal?: AbortSignal): Promise<ScenarioRun[]> {
  const out: ScenarioRun[] = [];
  for (const plan of plans) {
    for (const binding of plan.bindings) {
      for (const check of checksFor(plan.operation, binding)) {
        if (check.scope !== 'scenario') continue;
        if (!s.allowMutations) {
          out.push({ check, binding, steps: new Map(), skipped: `the ${check.scenario} scenario changes state on the target; it runs only with "allowMutations": true` });
          continue;
        }
        const steps = new Map<string, { exchange: Exchange; view: ResponseView }>();
        const script = SCENARIO_BY_ID.get(check.scenario)!.steps(sender.profile.fixtures);
        for (const st of script) {
          if (signal?.aborted) break;
          const exchange = await sender.send(st.operation, binding, st.case, `${check.scenario}/${binding}/${st.label}`, { seed: 0, path: st.label });
          if (!exchange) break;
          const view = new ResponseView(exchange, { operation: st.operation.name, namespace: namespaceOf(st.operation.endpoint, sender.settings), binding });
          steps.set(st.label, { exchange, view });
        }
        // An unfinished scenario has nothing to judge: it is left out, and reported as not run.
        if (steps.size === script.length) out.push({ check, binding, steps });
      }
    }
  }
  return out;
}

interface PublishedWsdl {
  readonly endpoint: 'net' | 'bwc';
  readonly exchange: Exchange;
  readonly view: ResponseView;
  readonly expected: WsdlFacts;
  readonly actual?: WsdlFacts;
}

/** `GET <endpoint>?WSDL` once per endpoint in the run, read as facts once. */
async function fetchWsdls(plans: readonly OperationPlan[], settings: EndpointSettings, transport: Transport): Promise<PublishedWsdl[]> {
  const endpoints = [...new Set(plans.map((p) => p.operation.endpoint))];
  return Promise.all(
    endpoints.map(async (endpoint) => {
      const op = plans.find((p) => p.operation.endpoint === endpoint)!.operation;
      const url = endpointUrl(op, settings) + '?WSDL';
      const r = await transport.send({ method: 'GET', url, headers: {}, body: '' });
      const exchange: Exchange = {
        id: `${endpoint}/wsdl`,
        operation: '?WSDL',
        binding: 'get',
        request: { method: 'GET', url, headers: {}, body: '' },
        ...(r.response ? { response: r.response } : {}),
        ...(r.error ? { error: r.error } : {}),
        startedAt: r.startedAt,
        durationMs: r.durationMs,
        origin: { seed: 0, path: '0' },
      };
      const view = new ResponseView(exchange, { operation: '?WSDL', namespace: namespaceOf(endpoint, settings), binding: 'get' });
      const expectedDoc = parseXml(wsdlFor(endpoint, { namespace: namespaceOf(endpoint, settings), location: endpointUrl(op, settings) }));
      if (!expectedDoc.ok) throw new Error(`the derived WSDL does not parse: ${expectedDoc.error}`);
      const parsed = view.xml;
      const actual = parsed.ok ? wsdlFacts(parsed.doc.root) : undefined;
      return { endpoint, exchange, view, expected: wsdlFacts(expectedDoc.doc.root), ...(actual && actual.size ? { actual } : {}) };
    }),
  );
}

/** What evidence can show of a body; the rest of a large answer is not kept past its checks. */
const KEPT_BODY_BYTES = 64 * 1024;

/** The exchange as kept for later (schema verdicts, evidence): the body cut to what evidence shows. */
function shrink(x: Exchange): Exchange {
  if (!x.response || x.response.body.length <= KEPT_BODY_BYTES) return x;
  // A copy, so that the large buffer itself can be freed.
  return { ...x, response: { ...x.response, body: Buffer.from(x.response.body.subarray(0, KEPT_BODY_BYTES)) } };
}

export async function executeRun(s: RunSettings, hooks: ExecuteHooks = {}): Promise<RunOutcome> {
  const profile = resolveProfile(s.config);
  const redactor = Redactor.forProfile(profile);
  const clock = s.clockMs !== undefined ? fixedClock(s.clockMs) : systemClock;
  const settings = endpointSettings(s);
  const transport = new Transport({ timeoutMs: s.timeoutMs, maxResponseBytes: s.maxResponseBytes, concurrency: s.concurrency, rateLimit: s.rateLimit });
  const sender = new Sender(transport, settings, profile, clock, hooks.signal);
  const plans = planRun(s);
  const agg = new Aggregator(s, redactor);
  const batch = new XsdBatch(settings.securityOfficeNamespace);
  const awaitingSchema = new SchemaWaits();
  const xsdCheck = CHECKS.find((c): c is ExchangeCheck => c.id === 'checkResponseMatchesXmlSchema')!;
  const checking: CheckingState = { s, settings, agg, batch, awaitingSchema, xsdCheck };
  const sentOps = new Set<string>();
  let wsdls: PublishedWsdl[] = [];
  let scenarios: ScenarioRun[] = [];
  try {
    // Operations go one after another: a state change of one never lands between the bindings
    // of another's case, so the §9.1 comparison sees one state. Each operation's answers are
    // checked as soon as it is done, so memory holds one operation's answers, not the run's.
    for (const [i, plan] of plans.entries()) {
      if (plan.skipped || hooks.signal?.aborted || sender.stopped) continue;
      const sentCases = await sendOperation(plan, s.runs, profile, sender, checking, hooks.signal, s.onlyCase);
      if (sentCases) sentOps.add(plan.operation.name);
      hooks.onOperationSent?.(plan.operation.name, i + 1, plans.length);
    }
    // A replay of one case sends nothing else.
    if (!hooks.signal?.aborted && !sender.stopped && s.onlyCase === undefined) scenarios = await runScenarios(plans, s, sender, hooks.signal);
    if (!hooks.signal?.aborted && !sender.stopped) wsdls = await fetchWsdls(plans, settings, transport);
  } finally {
    await transport.close();
  }

  let verdicts: XsdVerdict[] = [];
  try {
    verdicts = await batch.validate();
  } catch (e) {
    verdicts = Array.from({ length: batch.size }, () => ({ error: (e as Error).message }));
  }
  for (const { first, handle, count } of awaitingSchema.waiting()) {
    const xsd = verdicts[handle];
    // The verdict is the document's: judged once, it counts for every answer with that document,
    // and the first one is the evidence. (A check that throws is recorded as the suite's error.)
    let judged: Outcome | undefined;
    const outcome = () => (judged ??= xsdCheck.run({ operation: first.operation, binding: first.binding, settings, exchange: first.exchange, view: viewOf(first.exchange, first.operation, first.binding, settings), intent: first.intent, xsd }));
    for (let k = 0; k < count; k++) agg.record(xsdCheck, first, outcome);
  }

  for (const plan of plans) {
    const unsent = !sentOps.has(plan.operation.name) && (hooks.signal?.aborted || sender.stopped);
    if (plan.skipped || unsent) {
      const reason = plan.skipped ?? (hooks.signal?.aborted ? 'the run was interrupted before this operation was sent' : sender.stopped!);
      // Reading the published WSDL changes nothing, so it is checked even for held-back operations.
      for (const b of plan.bindings) for (const c of checksFor(plan.operation, b)) if (c.scope !== 'wsdl') agg.skip(c, plan.operation, b, reason);
    }
  }
  for (const w of wsdls) {
    for (const plan of plans.filter((p) => p.operation.endpoint === w.endpoint)) {
      for (const binding of plan.bindings) {
        for (const check of checksFor(plan.operation, binding)) {
          if (check.scope !== 'wsdl') continue;
          const x: Sent = { operation: plan.operation, binding, index: 0, seed: plan.seed, exchange: w.exchange, intent: { expectSuccess: false }, setup: [] };
          agg.record(check, x, () => check.run({ operation: plan.operation, binding, exchange: w.exchange, view: w.view, expected: w.expected, ...(w.actual ? { actual: w.actual } : {}) }));
        }
      }
    }
  }
  for (const run of scenarios) {
    const op = OPERATION_BY_NAME.get(run.check.operation)!;
    if (run.skipped) {
      agg.skip(run.check, op, run.binding, run.skipped);
      continue;
    }
    const last = [...run.steps.values()].at(-1)!;
    const x: Sent = { operation: op, binding: run.binding, index: 0, seed: 0, exchange: last.exchange, intent: { expectSuccess: true }, setup: [] };
    agg.record(run.check, x, () => run.check.run({ binding: run.binding, steps: run.steps }));
  }
  // Whatever was not run because the run stopped or was interrupted is reported as skipped, so
  // every selected check has a result to show.
  const stoppedBy = hooks.signal?.aborted ? 'the run was interrupted before this check could run' : sender.stopped;
  if (stoppedBy) for (const plan of plans) for (const b of plan.bindings) for (const c of checksFor(plan.operation, b)) if (!agg.has(c, plan.operation, b)) agg.skip(c, plan.operation, b, stoppedBy);
  // Every selected check has a result: one that none has by now is the suite's own failure, and is
  // reported as such instead of vanishing from the reports.
  for (const plan of plans) for (const b of plan.bindings) for (const c of checksFor(plan.operation, b)) {
    if (!agg.has(c, plan.operation, b) && s.onlyCase === undefined) agg.suiteError(c, plan.operation, b, `the suite produced no result for ${c.id} (a defect of the suite, not of the target)`);
  }
  const results = agg.results();
  const index = new Map(results.map((r) => [`${r.check}|${r.operation}|${r.binding}`, r]));
  return { results, exchanges: sender.sentCount, entry: (c, o, b) => index.get(`${c}|${o}|${b}`) };
}

const viewOf = (x: Exchange, op: OperationContract, binding: BindingId, settings: EndpointSettings) =>
  new ResponseView(x, { operation: op.name, namespace: namespaceOf(op.endpoint, settings), binding });

/**
 * Answers waiting for their schema verdict, which comes from one Java run at the end. Equal
 * documents share a verdict (validators/xsdBatch.ts), so per document, operation and binding
 * only the first answer is kept, the one a failure's evidence shows (an earlier answer with the
 * same document would have failed first); the others wait as a count. Memory holds the run's
 * distinct answers rather than all of them (about 500 of 9,300 in a full certification).
 */
class SchemaWaits {
  private readonly byDocument = new Map<string, { first: Sent; handle: number; count: number }>();

  add(x: Sent, handle: number): void {
    const key = `${handle}|${x.operation.name}|${x.binding}`;
    const w = this.byDocument.get(key);
    if (w) w.count++;
    else this.byDocument.set(key, { first: x, handle, count: 1 });
  }

  /** In the order the documents first arrived, so the first failure recorded is the first sent. */
  waiting(): Iterable<{ first: Sent; handle: number; count: number }> {
    return this.byDocument.values();
  }
}

interface CheckingState {
  readonly s: RunSettings;
  readonly settings: EndpointSettings;
  readonly agg: Aggregator;
  readonly batch: XsdBatch;
  readonly awaitingSchema: SchemaWaits;
  readonly xsdCheck: ExchangeCheck;
}

/**
 * One answer's checks, as soon as it is in: read once, judged by every exchange check (the schema
 * check waits for the batch). What is kept afterwards is a shrunk copy and the result text.
 */
function checkExchange(x: Sent, st: CheckingState): Sent {
  const view = viewOf(x.exchange, x.operation, x.binding, st.settings);
  const parsed = view.xml;
  const kept: Sent = { ...x, exchange: shrink(x.exchange), view: { result: view.result } };
  if (parsed.ok) st.awaitingSchema.add(kept, st.batch.add(parsed.doc.root));
  for (const check of checksFor(x.operation, x.binding)) {
    if (check.scope !== 'exchange' || (check === st.xsdCheck && parsed.ok)) continue;
    st.agg.record(check, x, () => check.run({ operation: x.operation, binding: x.binding, settings: st.settings, exchange: x.exchange, view, intent: x.intent }));
  }
  return kept;
}

/** §9.1: the same case over every binding, each compared with the first binding's result. */
function compareBindings(sent: readonly Sent[], st: CheckingState): void {
  const byCase = new Map<number, Map<BindingId, Sent>>();
  for (const x of sent) {
    if (!byCase.has(x.index)) byCase.set(x.index, new Map());
    byCase.get(x.index)!.set(x.binding, x);
  }
  for (const group of byCase.values()) {
    const baselineBinding = st.s.bindings.find((b) => group.has(b))!;
    const baseline = group.get(baselineBinding)!;
    for (const x of group.values()) {
      for (const check of checksFor(x.operation, x.binding)) {
        if (check.scope !== 'group') continue;
        st.agg.record(check, x, () =>
          check.run({ operation: x.operation, binding: x.binding, baseline: { binding: baselineBinding, exchange: baseline.exchange, view: baseline.view! }, exchange: x.exchange, view: x.view! }),
        );
      }
    }
  }
}

/** The accepted request's answer, read once for all the variants judged against it. */
const acceptedViews = new WeakMap<Exchange, ResponseView>();

/** A negative variant, judged against the accepted request sent just before it. */
function judgeNegative(n: NegativeSent, st: CheckingState): void {
  if (n.skipped) return st.agg.skip(n.check, n.operation, n.binding, n.skipped);
  const x: Sent = { operation: n.operation, binding: n.binding, index: n.index, seed: n.seed, exchange: n.exchange!, intent: { expectSuccess: false }, setup: [] };
  let accepted = acceptedViews.get(n.baseline!);
  if (!accepted) acceptedViews.set(n.baseline!, (accepted = viewOf(n.baseline!, n.operation, n.binding, st.settings)));
  const baseline = { exchange: n.baseline!, view: accepted };
  st.agg.record(n.check, x, () => n.check.run({ operation: n.operation, binding: n.binding, baseline, exchange: n.exchange!, view: viewOf(n.exchange!, n.operation, n.binding, st.settings) }));
}

/** Per check, operation and binding: counts, the first failure with its evidence. */
class Aggregator {
  private readonly acc = new Map<
    string,
    { check: Check; op: OperationContract; binding: BindingId; total: number; passed: number; failed: number; na: number; naReason?: string; firstFailure?: { exchangeId: string; seed: number; index: number; outcome: Outcome & { verdict: 'failed' }; evidence: Evidence }; error?: string; skipped?: string }
  >();

  constructor(
    private readonly s: RunSettings,
    private readonly redactor: Redactor,
  ) {}

  private slot(check: Check, op: OperationContract, binding: BindingId) {
    const key = `${check.id}|${op.name}|${binding}`;
    let a = this.acc.get(key);
    if (!a) this.acc.set(key, (a = { check, op, binding, total: 0, passed: 0, failed: 0, na: 0 }));
    return a;
  }

  has(check: Check, op: OperationContract, binding: BindingId): boolean {
    return this.acc.has(`${check.id}|${op.name}|${binding}`);
  }

  skip(check: Check, op: OperationContract, binding: BindingId, reason: string): void {
    this.slot(check, op, binding).skipped = reason;
  }

  /** The check could not run at all: the suite's error, never the target's. */
  suiteError(check: Check, op: OperationContract, binding: BindingId, message: string): void {
    this.slot(check, op, binding).error = message;
  }

  record(check: Check, x: Sent, run: () => Outcome): void {
    const a = this.slot(check, x.operation, x.binding);
    a.total++;
    let outcome: Outcome;
    try {
      outcome = run();
    } catch (e) {
      // A check that throws is the suite's problem, never the target's non-conformance.
      a.error ??= `${check.id} could not run: ${(e as Error).message}`;
      return;
    }
    if (outcome.verdict === 'passed') a.passed++;
    else if (outcome.verdict === 'failed') {
      a.failed++;
      // The evidence is taken now, so that the exchange itself need not be kept.
      a.firstFailure ??= { exchangeId: x.exchange.id, seed: x.seed, index: x.index, outcome, evidence: this.evidence(x, outcome) };
    } else {
      a.na++;
      a.naReason ??= outcome.reason;
    }
  }

  results(): ResultEntry[] {
    return [...this.acc.values()].map((a) => {
      const base = {
        check: a.check.id,
        title: a.check.title,
        requirements: [...a.check.requirements(a.op, a.binding)],
        level: levelOf(a.check, a.op),
        operation: a.op.name,
        endpoint: a.op.endpoint,
        binding: a.binding,
        cases: { total: a.total, passed: a.passed, failed: a.failed, notApplicable: a.na },
      };
      if (a.skipped) return { ...base, verdict: 'skipped', message: a.skipped };
      if (a.error) return { ...base, verdict: 'error', message: this.redactor.text(a.error) };
      if (a.firstFailure) {
        const { exchangeId, seed, index, outcome } = a.firstFailure;
        // SHOULD-level findings are reported, and fail the run only in strict mode (DESIGN.md).
        const verdict = levelOf(a.check, a.op) === 'SHOULD' && !this.s.strict ? 'warning' : 'failed';
        const message = this.redactor.text(
          `expected ${outcome.expected} but the response contained ${outcome.actual} (${a.failed} of ${a.total} cases; first: ${exchangeId}, seed ${seed}, path ${index})`,
        );
        return { ...base, verdict, message, evidence: a.firstFailure.evidence };
      }
      if (a.passed > 0) return { ...base, verdict: 'passed', message: `${a.passed} of ${a.total} cases passed${a.na ? ` (${a.na} not applicable)` : ''}` };
      return { ...base, verdict: 'not-applicable', message: a.naReason ?? 'no case to check' };
    });
  }

  private evidence(x: Pick<Sent, 'exchange' | 'seed' | 'index'>, outcome: Outcome & { verdict: 'failed' }): Evidence {
    const r = this.redactor;
    const { request, response, error } = x.exchange;
    // Redact before cutting, so a secret across the cut cannot survive in halves; and build the
    // curl command from redacted parts, since shell quoting would hide a secret's quotes.
    const MAX = 16 * 1024;
    const body = response ? r.text(response.body.toString('utf8')) : '';
    const shown = body.length > MAX ? `${body.slice(0, MAX)}… (${response!.body.length} bytes)` : body;
    const sentRequest = r.request(request);
    return {
      exchangeId: x.exchange.id,
      seed: x.seed,
      path: String(x.index),
      expected: r.text(outcome.expected),
      actual: r.text(outcome.actual),
      request: sentRequest,
      ...(response ? { response: { status: response.status, headers: r.headers(response.headers), body: shown, truncated: response.truncated } } : {}),
      ...(error ? { transportError: `${error.code}: ${error.message}` } : {}),
      curl: toCurl(sentRequest, request.localAddress),
    };
  }
}
