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
import { levelOf, type CaseIntent, type Check, type NegativeCheck, type Outcome, type ScenarioCheck } from '../../validators/check.ts';
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
  view?: ResponseView;
  xsdHandle?: number;
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

class Sender {
  constructor(
    private readonly transport: Transport,
    readonly settings: EndpointSettings,
    readonly profile: Profile,
    readonly clock: Clock,
  ) {}

  params(op: OperationContract, binding: BindingId, c: RequestCase): ParamValue[] {
    return authenticatedParams(op, binding, c, this.profile, this.clock);
  }

  send(op: OperationContract, binding: BindingId, c: RequestCase, id: string, origin: Exchange['origin']): Promise<Exchange> {
    return this.sendVariant(op, binding, { params: this.params(op, binding, c) }, id, origin);
  }

  /** Sends parameters as given, with a negative case's changes to the encoding or the request. */
  async sendVariant(op: OperationContract, binding: BindingId, v: Variant, id: string, origin: Exchange['origin']): Promise<Exchange> {
    const encoded = encodeRequest(op, binding, v.params, { settings: this.settings, ...v.encode });
    const req = v.rewrite ? v.rewrite(encoded) : encoded;
    // A caller-IP check (§5.4) must see the allowed source address when one is configured.
    const localAddress = v.localAddress ?? (op.auth.kind === 'callerIp' ? this.profile.ipCheck.allowedSource : undefined);
    const r = await this.transport.send(req, localAddress);
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
 * each variant (after the case's preconditions, so that acceptance would show). One at a time:
 * each variant is judged against the answer just before it.
 */
async function sendNegatives(plan: OperationPlan, cases: readonly RequestCase[], sender: Sender, signal?: AbortSignal, onlyCase?: number): Promise<NegativeSent[]> {
  const op = plan.operation;
  const fx = sender.profile.fixtures;
  const out: NegativeSent[] = [];
  const chosen = cases
    .map((c, i) => [c, i] as const)
    .filter(([c]) => intentOf(op, c, fx).expectSuccess)
    .slice(0, NEGATIVE_CASES_PER_BINDING)
    .filter(([, i]) => onlyCase === undefined || i === onlyCase);
  for (const binding of plan.bindings) {
    const checks = checksFor(op, binding).filter((c): c is NegativeCheck => c.scope === 'negative');
    if (!checks.length) continue;
    for (const [c, index] of chosen) {
      if (signal?.aborted) return out;
      const id = `${op.name}/${binding}/${index}`;
      const origin = { seed: plan.seed, path: String(index) };
      const setup = async (suffix: string) => {
        for (const [k, step] of preconditionsOf(op, c, fx).entries()) await sender.send(step.operation, binding, step.case, `${id}/${suffix}/setup-${k}`, origin);
      };
      await setup('accepted');
      const baseline = await sender.send(op, binding, c, `${id}/accepted`, origin);
      for (const check of checks) {
        const negative = NEGATIVE_CASE_BY_ID.get(check.negativeCase)!;
        const lacking = negative.requires?.(sender.profile);
        if (typeof lacking === 'string') {
          out.push({ check, operation: op, binding, index, seed: plan.seed, skipped: lacking });
          continue;
        }
        await setup(negative.id);
        const variant = negative.build({ operation: op, binding, case: c, params: sender.params(op, binding, c), profile: sender.profile, clock: sender.clock, settings: sender.settings });
        const exchange = await sender.sendVariant(op, binding, variant, `${id}/${negative.id}`, origin);
        out.push({ check, operation: op, binding, index, seed: plan.seed, baseline, exchange });
      }
    }
  }
  return out;
}

async function sendOperation(plan: OperationPlan, runs: number, profile: Profile, sender: Sender, signal?: AbortSignal, onlyCase?: number): Promise<{ sent: Sent[]; negatives: NegativeSent[] }> {
  const op = plan.operation;
  // One sample per operation: case i is the same inputs in every binding (the §9.1 property).
  const cases = fc.sample(requestCase(op, profile.fixtures), { seed: plan.seed, numRuns: runs });
  // A replay sends one case; the sample is drawn whole all the same, so case i is the same case.
  const jobs = plan.bindings.flatMap((binding) => cases.map((c, index) => ({ binding, c, index }))).filter((j) => onlyCase === undefined || j.index === onlyCase);
  const one = async ({ binding, c, index }: (typeof jobs)[number]): Promise<Sent | undefined> => {
    if (signal?.aborted) return undefined;
    const id = `${op.name}/${binding}/${index}`;
    const origin = { seed: plan.seed, path: String(index) };
    const setup: Exchange[] = [];
    for (const [k, step] of preconditionsOf(op, c, profile.fixtures).entries()) {
      setup.push(await sender.send(step.operation, binding, step.case, `${id}/setup-${k}`, origin));
    }
    const exchange = await sender.send(op, binding, c, id, origin);
    return { operation: op, binding, index, seed: plan.seed, exchange, intent: intentOf(op, c, profile.fixtures), setup };
  };
  const sent: (Sent | undefined)[] = [];
  if (needsSerialCases(op)) for (const j of jobs) sent.push(await one(j));
  else sent.push(...(await Promise.all(jobs.map(one))));
  const negatives = await sendNegatives(plan, cases, sender, signal, onlyCase);
  return { sent: sent.filter((x): x is Sent => x !== undefined), negatives };
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
        for (const st of SCENARIO_BY_ID.get(check.scenario)!.steps(sender.profile.fixtures)) {
          if (signal?.aborted) break;
          const exchange = await sender.send(st.operation, binding, st.case, `${check.scenario}/${binding}/${st.label}`, { seed: 0, path: st.label });
          const view = new ResponseView(exchange, { operation: st.operation.name, namespace: namespaceOf(st.operation.endpoint, sender.settings), binding });
          steps.set(st.label, { exchange, view });
        }
        out.push({ check, binding, steps });
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

export async function executeRun(s: RunSettings, hooks: ExecuteHooks = {}): Promise<RunOutcome> {
  const profile = resolveProfile(s.config);
  const redactor = Redactor.forProfile(profile);
  const clock = s.clockMs !== undefined ? fixedClock(s.clockMs) : systemClock;
  const settings = endpointSettings(s);
  const transport = new Transport({ timeoutMs: s.timeoutMs, maxResponseBytes: s.maxResponseBytes, concurrency: s.concurrency, rateLimit: s.rateLimit });
  const sender = new Sender(transport, settings, profile, clock);
  const plans = planRun(s);
  const sent: Sent[] = [];
  const negatives: NegativeSent[] = [];
  let wsdls: PublishedWsdl[] = [];
  let scenarios: ScenarioRun[] = [];
  try {
    // Operations go one after another: a state change of one never lands between the bindings
    // of another's case, so the §9.1 comparison sees one state.
    for (const [i, plan] of plans.entries()) {
      if (plan.skipped || hooks.signal?.aborted) continue;
      const done = await sendOperation(plan, s.runs, profile, sender, hooks.signal, s.onlyCase);
      sent.push(...done.sent);
      negatives.push(...done.negatives);
      hooks.onOperationSent?.(plan.operation.name, i + 1, plans.length);
    }
    // A replay of one case sends nothing else.
    if (!hooks.signal?.aborted && s.onlyCase === undefined) scenarios = await runScenarios(plans, s, sender, hooks.signal);
    if (!hooks.signal?.aborted) wsdls = await fetchWsdls(plans, settings, transport);
  } finally {
    await transport.close();
  }

  // Parse once per exchange, and validate every document in one Java run.
  const batch = new XsdBatch();
  for (const x of sent) {
    x.view = new ResponseView(x.exchange, { operation: x.operation.name, namespace: namespaceOf(x.operation.endpoint, settings), binding: x.binding });
    const parsed = x.view.xml;
    if (parsed.ok) x.xsdHandle = batch.add(parsed.doc.root);
  }
  let verdicts: XsdVerdict[] = [];
  try {
    verdicts = await batch.validate(settings.securityOfficeNamespace);
  } catch (e) {
    verdicts = Array.from({ length: batch.size }, () => ({ error: (e as Error).message }));
  }

  const agg = new Aggregator(s, redactor);
  for (const plan of plans) {
    if (plan.skipped || hooks.signal?.aborted) {
      const reason = plan.skipped ?? 'the run was interrupted before this operation was sent';
      // Reading the published WSDL changes nothing, so it is checked even for held-back operations.
      for (const b of plan.bindings) for (const c of checksFor(plan.operation, b)) if (c.scope !== 'wsdl') agg.skip(c, plan.operation, b, reason);
    }
  }
  for (const w of wsdls) {
    for (const plan of plans.filter((p) => p.operation.endpoint === w.endpoint)) {
      for (const binding of plan.bindings) {
        for (const check of checksFor(plan.operation, binding)) {
          if (check.scope !== 'wsdl') continue;
          const x: Sent = { operation: plan.operation, binding, index: 0, seed: plan.seed, exchange: w.exchange, intent: { expectSuccess: false }, setup: [], view: w.view };
          agg.record(check, x, () => check.run({ operation: plan.operation, binding, exchange: w.exchange, view: w.view, expected: w.expected, ...(w.actual ? { actual: w.actual } : {}) }));
        }
      }
    }
  }
  const byCase = new Map<string, Map<BindingId, Sent>>();
  for (const x of sent) {
    const key = `${x.operation.name}#${x.index}`;
    if (!byCase.has(key)) byCase.set(key, new Map());
    byCase.get(key)!.set(x.binding, x);
    const xsd = x.xsdHandle === undefined ? undefined : verdicts[x.xsdHandle];
    for (const check of checksFor(x.operation, x.binding)) {
      if (check.scope !== 'exchange') continue;
      agg.record(check, x, () =>
        check.run({ operation: x.operation, binding: x.binding, settings, exchange: x.exchange, view: x.view!, intent: x.intent, ...(xsd ? { xsd } : {}) }),
      );
    }
  }
  for (const group of byCase.values()) {
    const baselineBinding = s.bindings.find((b) => group.has(b))!;
    const baseline = group.get(baselineBinding)!;
    for (const x of group.values()) {
      for (const check of checksFor(x.operation, x.binding)) {
        if (check.scope !== 'group') continue;
        agg.record(check, x, () =>
          check.run({
            operation: x.operation,
            binding: x.binding,
            baseline: { binding: baselineBinding, exchange: baseline.exchange, view: baseline.view! },
            exchange: x.exchange,
            view: x.view!,
          }),
        );
      }
    }
  }
  for (const n of negatives) {
    if (n.skipped) {
      agg.skip(n.check, n.operation, n.binding, n.skipped);
      continue;
    }
    const ns = namespaceOf(n.operation.endpoint, settings);
    const view = (x: Exchange) => new ResponseView(x, { operation: n.operation.name, namespace: ns, binding: n.binding });
    const x: Sent = { operation: n.operation, binding: n.binding, index: n.index, seed: n.seed, exchange: n.exchange!, intent: { expectSuccess: false }, setup: [] };
    const baseline = { exchange: n.baseline!, view: view(n.baseline!) };
    agg.record(n.check, x, () => n.check.run({ operation: n.operation, binding: n.binding, baseline, exchange: n.exchange!, view: view(n.exchange!) }));
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
  const results = agg.results();
  const index = new Map(results.map((r) => [`${r.check}|${r.operation}|${r.binding}`, r]));
  const exchanges = sent.length + sent.reduce((n, x) => n + x.setup.length, 0) + negatives.filter((n) => n.exchange).length;
  return { results, exchanges, entry: (c, o, b) => index.get(`${c}|${o}|${b}`) };
}

/** Per check, operation and binding: counts, the first failure with its evidence. */
class Aggregator {
  private readonly acc = new Map<
    string,
    { check: Check; op: OperationContract; binding: BindingId; total: number; passed: number; failed: number; na: number; naReason?: string; firstFailure?: { x: Sent; outcome: Outcome & { verdict: 'failed' } }; error?: string; skipped?: string }
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

  skip(check: Check, op: OperationContract, binding: BindingId, reason: string): void {
    this.slot(check, op, binding).skipped = reason;
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
      a.firstFailure ??= { x, outcome };
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
        const { x, outcome } = a.firstFailure;
        // SHOULD-level findings are reported, and fail the run only in strict mode (DESIGN.md).
        const verdict = levelOf(a.check, a.op) === 'SHOULD' && !this.s.strict ? 'warning' : 'failed';
        const message = this.redactor.text(
          `expected ${outcome.expected} but the response contained ${outcome.actual} (${a.failed} of ${a.total} cases; first: ${x.exchange.id}, seed ${x.seed}, path ${x.index})`,
        );
        return { ...base, verdict, message, evidence: this.evidence(x, outcome) };
      }
      if (a.passed > 0) return { ...base, verdict: 'passed', message: `${a.passed} of ${a.total} cases passed${a.na ? ` (${a.na} not applicable)` : ''}` };
      return { ...base, verdict: 'not-applicable', message: a.naReason ?? 'no case to check' };
    });
  }

  private evidence(x: Sent, outcome: Outcome & { verdict: 'failed' }): Evidence {
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
