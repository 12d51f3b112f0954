// Command-line arguments, with util.parseArgs: unknown options and missing values are usage errors.
import { parseArgs } from 'node:util';
import { usageError } from '../config/errors.ts';

export interface RunArgs {
  readonly command: 'run';
  readonly target?: string;
  readonly config?: string;
  readonly reportDir: string;
  readonly seed?: number;
  readonly runs?: number;
  readonly bindings?: string[];
  readonly operations?: string[];
  readonly strict?: boolean;
  readonly shard?: { readonly index: number; readonly count: number };
}

export interface ReplayArgs {
  readonly command: 'replay';
  readonly exchangeId: string;
  readonly reportDir: string;
  readonly config?: string;
  readonly target?: string;
}

export interface MergeArgs {
  readonly command: 'merge';
  readonly shardDirs: string[];
  readonly reportDir: string;
}

export type Args = RunArgs | ReplayArgs | MergeArgs | { readonly command: 'help' } | { readonly command: 'version' };

export const USAGE = `Usage: campusnet-conformance run [options]
       campusnet-conformance replay EXCHANGE-ID [--report-dir DIR] [--config FILE] [--target URL]
       campusnet-conformance merge SHARD-DIR... [--report-dir DIR]

Certifies a Campus Network Account Web Service implementation against the interface.
Without --target (and no "target" in the configuration) it certifies the embedded reference.
replay regenerates one failing request of a report (by its exchange ID) and checks it again.
merge combines the report directories of sharded runs into one report.

Options:
  --target URL          base URL of the service under test (e.g. http://host:8080)
  --config FILE         configuration file (JSON; see config/config.schema.json)
  --report-dir DIR      where to write summary.json, junit.xml, allure-results/ (default reports/out)
  --seed N              fast-check seed (a run's seed is in its summary.json)
  --runs N              generated cases per operation and binding (default 100)
  --bindings LIST       comma-separated: soap11,soap12,get,post
  --operations LIST     comma-separated operation names
  --strict              SHOULD-level findings fail the run too
  --shard I/N           run shard I of N (every N-th operation); merge the shards' reports
  -h, --help            this text
  --version             the suite's version

Exit codes: 0 passed, 1 a check failed, 2 usage or configuration error,
3 target unreachable, 4 the suite could not reach a verdict, 130 interrupted.`;

const int = (name: string, v: string | undefined): number | undefined => {
  if (v === undefined) return undefined;
  if (!/^-?\d+$/.test(v)) throw usageError(`--${name} takes a whole number, not "${v}"`);
  return Number(v);
};
const list = (v: string | undefined) => (v === undefined ? undefined : v.split(',').map((x) => x.trim()).filter(Boolean));

export function parseCommandLine(argv: readonly string[]): Args {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        target: { type: 'string' },
        config: { type: 'string' },
        'report-dir': { type: 'string' },
        seed: { type: 'string' },
        runs: { type: 'string' },
        bindings: { type: 'string' },
        operations: { type: 'string' },
        strict: { type: 'boolean' },
        shard: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean' },
      },
    });
  } catch (e) {
    throw usageError((e as Error).message.split('\n')[0]);
  }
  const { values: v, positionals } = parsed;
  if (v.help) return { command: 'help' };
  if (v.version) return { command: 'version' };
  const [command, ...rest] = positionals;
  if (command === undefined) throw usageError('no command given: try "campusnet-conformance run"');
  if (command === 'replay') {
    if (rest.length !== 1) throw usageError('replay takes one exchange ID, as the report gives it (e.g. GetUserInfo/soap11/3)');
    return {
      command: 'replay',
      exchangeId: rest[0],
      reportDir: v['report-dir'] ?? 'reports/out',
      ...(v.config !== undefined ? { config: v.config } : {}),
      ...(v.target !== undefined ? { target: v.target } : {}),
    };
  }
  if (command === 'merge') {
    if (!rest.length) throw usageError('merge takes the report directories of the shards');
    return { command: 'merge', shardDirs: rest, reportDir: v['report-dir'] ?? 'reports/out' };
  }
  if (command !== 'run') throw usageError(`unknown command "${command}": the commands are run, replay and merge`);
  if (rest.length) throw usageError(`unexpected argument "${rest[0]}"`);
  let shard: { index: number; count: number } | undefined;
  if (v.shard !== undefined) {
    const m = /^(\d+)\/(\d+)$/.exec(v.shard);
    if (!m || Number(m[2]) < 1 || Number(m[1]) < 1 || Number(m[1]) > Number(m[2])) throw usageError(`--shard takes I/N with 1 <= I <= N, not "${v.shard}"`);
    shard = { index: Number(m[1]), count: Number(m[2]) };
  }
  const runs = int('runs', v.runs);
  if (runs !== undefined && runs < 1) throw usageError('--runs must be at least 1');
  return {
    command: 'run',
    reportDir: v['report-dir'] ?? 'reports/out',
    ...(v.target !== undefined ? { target: v.target } : {}),
    ...(v.config !== undefined ? { config: v.config } : {}),
    ...(v.seed !== undefined ? { seed: int('seed', v.seed) } : {}),
    ...(runs !== undefined ? { runs } : {}),
    ...(v.bindings !== undefined ? { bindings: list(v.bindings) } : {}),
    ...(v.operations !== undefined ? { operations: list(v.operations) } : {}),
    ...(v.strict ? { strict: true } : {}),
    ...(shard ? { shard } : {}),
  };
}
