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
}

export type Args = RunArgs | { readonly command: 'help' } | { readonly command: 'version' };

export const USAGE = `Usage: campusnet-conformance run [options]

Certifies a Campus Network Account Web Service implementation against the interface.
Without --target (and no "target" in the configuration) it certifies the embedded reference.

Options:
  --target URL          base URL of the service under test (e.g. http://host:8080)
  --config FILE         configuration file (JSON; see config/config.schema.json)
  --report-dir DIR      where to write summary.json, junit.xml, allure-results/ (default reports/out)
  --seed N              fast-check seed (a run's seed is in its summary.json)
  --runs N              generated cases per operation and binding (default 100)
  --bindings LIST       comma-separated: soap11,soap12,get,post
  --operations LIST     comma-separated operation names
  --strict              SHOULD-level findings fail the run too
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
  if (command !== 'run') throw usageError(`unknown command "${command}": the command is "run"`);
  if (rest.length) throw usageError(`unexpected argument "${rest[0]}"`);
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
  };
}
