// Loading a configuration file: JSON, ${ENV_VAR} interpolation (so secrets stay out of files),
// validation against the schema with a clear one-line error, then the run settings.
import { readFile } from 'node:fs/promises';
import { configSchema, type ConfigFile } from './schema.ts';
import { configError } from './errors.ts';
import { BINDING_IDS, DEFAULT_PATHS, defaultSecurityOfficeNamespace, type BindingId } from '../contracts/bindings.ts';
import { OPERATION_BY_NAME, OPERATIONS } from '../contracts/operations.ts';

/** Everything a run needs, JSON-safe: it is handed to the vitest worker that runs the specs. */
export interface RunSettings {
  readonly target: string;
  /** The target is the embedded reference: mutations are safe, and it is what the suite certifies by default. */
  readonly embedded: boolean;
  readonly paths: { readonly net: string; readonly bwc: string };
  readonly securityOfficeNamespace: string;
  readonly config: ConfigFile;
  readonly bindings: readonly BindingId[];
  readonly operations: readonly string[];
  readonly runs: number;
  readonly seed: number;
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  readonly concurrency: number;
  /** Request starts per second over the whole run; absent: unlimited. */
  readonly rateLimit?: number;
  readonly allowMutations: boolean;
  readonly strict: boolean;
  /** Freeze the clock (epoch ms) for byte-identical request sequences. */
  readonly clockMs?: number;
  /** This run is shard `index` (1-based) of `count`: it takes every count-th operation. */
  readonly shard?: { readonly index: number; readonly count: number };
  /** Replay: send only this case (its index in each operation's sample), nothing else. */
  readonly onlyCase?: number;
  /** Live progress lines for a terminal (cli/certify.ts). */
  readonly progress?: boolean;
  /** Names the channel on which the CLI can interrupt the run (specs/harness/interrupt.ts). */
  readonly runId?: string;
}

export interface Overrides {
  readonly target?: string;
  readonly seed?: number;
  readonly runs?: number;
  readonly bindings?: readonly string[];
  readonly operations?: readonly string[];
  readonly strict?: boolean;
  readonly clockMs?: number;
  readonly shard?: { readonly index: number; readonly count: number };
  readonly onlyCase?: number;
}

const ENV_REF = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Replaces ${NAME} in every string value; an unset variable is an error naming where it was used. */
export function interpolateEnv(value: unknown, env: NodeJS.ProcessEnv, where = ''): unknown {
  if (typeof value === 'string') {
    return value.replace(ENV_REF, (_m, name: string) => {
      const v = env[name];
      if (v === undefined) throw configError(`${where || 'value'}: environment variable ${name} is not set`);
      return v;
    });
  }
  if (Array.isArray(value)) return value.map((v, i) => interpolateEnv(v, env, `${where}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolateEnv(v, env, where ? `${where}.${k}` : k)]));
  }
  return value;
}

export function parseConfig(raw: unknown, source: string): ConfigFile {
  const result = configSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    const at = issue.path.length ? issue.path.join('.') : '(top level)';
    const more = result.error.issues.length > 1 ? ` (and ${result.error.issues.length - 1} more)` : '';
    throw configError(`${source}: ${at}: ${issue.message}${more}`);
  }
  const cfg = result.data;
  for (const op of Object.keys(cfg.signature?.operations ?? {})) {
    const contract = OPERATION_BY_NAME.get(op);
    if (!contract) throw configError(`${source}: signature.operations.${op}: no such operation`);
    if (contract.auth.kind !== 'signature') throw configError(`${source}: signature.operations.${op}: the operation is not signed`);
    if (contract.auth.recipeFromSpec) throw configError(`${source}: signature.operations.${op}: its recipe is fixed by spec §5.2`);
    const names = new Set(contract.params.map((p) => p.name));
    const unknown = cfg.signature!.operations![op].params.find((p) => !names.has(p));
    if (unknown) throw configError(`${source}: signature.operations.${op}.params: ${op} has no parameter ${unknown}`);
  }
  return cfg;
}

export async function loadConfigFile(path: string, env: NodeJS.ProcessEnv = process.env): Promise<ConfigFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    throw configError(`${path}: cannot read the configuration file (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw configError(`${path}: not valid JSON (${(e as Error).message.replace(/\s+/g, ' ')})`);
  }
  return parseConfig(interpolateEnv(raw, env), path);
}

function pick<T extends string>(what: string, given: readonly string[] | undefined, all: readonly T[]): T[] {
  if (!given) return [...all];
  const unknown = given.find((g) => !all.includes(g as T));
  if (unknown) throw configError(`${what}: unknown name "${unknown}" (one of ${all.join(', ')})`);
  return all.filter((a) => given.includes(a));
}

export function checkUrl(url: string, what: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw configError(`${what}: "${url}" is not a valid URL`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw configError(`${what}: "${url}" must be an http or https URL`);
  return url.replace(/\/+$/, '');
}

/** The bindings and operations a run selects; unknown names are usage errors, found before anything starts. */
export function selection(cfg: ConfigFile, o: Overrides): { bindings: BindingId[]; operations: string[] } {
  return {
    bindings: pick('bindings', o.bindings ?? cfg.bindings, BINDING_IDS),
    operations: pick('operations', o.operations ?? cfg.operations, OPERATIONS.map((x) => x.name)),
  };
}

/**
 * The settings of one run. `embedded` is the embedded reference when the run certifies it (no
 * target given anywhere).
 */
export function resolveSettings(cfg: ConfigFile, o: Overrides, embedded?: { url: string; securityOfficeNamespace: string }): RunSettings {
  const given = o.target ?? cfg.target;
  const target = given !== undefined ? checkUrl(given, o.target !== undefined ? '--target' : 'target') : embedded?.url;
  if (!target) throw configError('no target: give --target URL or "target" in the configuration');
  return {
    target,
    embedded: given === undefined,
    paths: { net: cfg.paths?.net ?? DEFAULT_PATHS.net, bwc: cfg.paths?.bwc ?? DEFAULT_PATHS.bwc },
    securityOfficeNamespace: cfg.securityOfficeNamespace ?? (given === undefined && embedded ? embedded.securityOfficeNamespace : defaultSecurityOfficeNamespace(target)),
    config: cfg,
    ...selection(cfg, o),
    runs: o.runs ?? cfg.runs ?? 100,
    seed: o.seed ?? cfg.seed ?? Math.floor(Math.random() * 0x7fffffff),
    timeoutMs: cfg.timeoutMs ?? 10_000,
    maxResponseBytes: cfg.maxResponseBytes ?? 1024 * 1024,
    concurrency: cfg.concurrency ?? 8,
    ...(cfg.rateLimit !== undefined ? { rateLimit: cfg.rateLimit } : {}),
    // Against the embedded reference nothing real can be harmed.
    allowMutations: given === undefined || cfg.allowMutations === true,
    strict: o.strict ?? cfg.strict ?? false,
    ...(o.clockMs !== undefined ? { clockMs: o.clockMs } : {}),
    ...(o.shard ? { shard: o.shard } : {}),
    ...(o.onlyCase !== undefined ? { onlyCase: o.onlyCase } : {}),
  };
}
