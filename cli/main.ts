// The campusnet-conformance command. User errors end with one line and their own exit code;
// only a defect of the suite itself shows a stack.
import { EXIT, UserError } from '../config/errors.ts';
import { loadConfigFile } from '../config/load.ts';
import { parseCommandLine, USAGE, type MergeArgs, type ReplayArgs } from './args.ts';
import { replay } from './replay.ts';
import { mergeShards } from './merge.ts';
import type { Summary } from '../reports/model.ts';
import { certify } from './certify.ts';
import { TOOL_VERSION } from '../reports/version.ts';
import { printClosingSummary } from './terminal.ts';

async function main(argv: readonly string[]): Promise<number> {
  const args = parseCommandLine(argv);
  if (args.command === 'help') {
    console.log(USAGE);
    return EXIT.passed;
  }
  if (args.command === 'version') {
    console.log(TOOL_VERSION);
    return EXIT.passed;
  }
  if (args.command === 'replay') return runReplay(args);
  if (args.command === 'merge') return runMerge(args);
  const config = args.config ? await loadConfigFile(args.config) : {};
  // SIGINT/SIGTERM: stop sending, write the reports with what there is (marked incomplete), exit
  // 130/143. A second signal does not wait.
  const interrupted = new AbortController();
  let exitSignal: NodeJS.Signals | undefined;
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      if (exitSignal) process.exit(sig === 'SIGINT' ? EXIT.interrupted : EXIT.terminated);
      exitSignal = sig;
      console.error(`campusnet-conformance: ${sig}: stopping; the reports will hold what was checked so far (a second ${sig} exits at once)`);
      interrupted.abort();
    });
  }
  const result = await certify({
    signal: interrupted.signal,
    config,
    overrides: {
      ...(args.target !== undefined ? { target: args.target } : {}),
      ...(args.seed !== undefined ? { seed: args.seed } : {}),
      ...(args.runs !== undefined ? { runs: args.runs } : {}),
      ...(args.bindings ? { bindings: args.bindings } : {}),
      ...(args.operations ? { operations: args.operations } : {}),
      ...(args.strict ? { strict: true } : {}),
      ...(args.shard ? { shard: args.shard } : {}),
    },
    reportDir: args.reportDir,
    progress: process.stdout.isTTY === true,
  });
  const code = finish(result.summary, result.reportDir);
  return exitSignal ? (exitSignal === 'SIGINT' ? EXIT.interrupted : EXIT.terminated) : code;
}

function finish(summary: Summary | undefined, reportDir: string): number {
  if (!summary) {
    console.error('campusnet-conformance: the run produced no summary (see the output above)');
    return EXIT.suiteError;
  }
  printClosingSummary(summary, reportDir);
  return summary.verdict === 'passed' ? EXIT.passed : summary.verdict === 'failed' ? EXIT.failed : EXIT.suiteError;
}

async function runReplay(args: ReplayArgs): Promise<number> {
  const config = args.config ? await loadConfigFile(args.config) : {};
  const { before, after } = await replay({ reportDir: args.reportDir, exchangeId: args.exchangeId, config, ...(args.target ? { target: args.target } : {}) });
  let stillFailing = 0;
  before.forEach((was, i) => {
    const now = after[i];
    if (!now || now.verdict === 'failed' || now.verdict === 'error') stillFailing++;
    console.log(`${was.check} on ${was.operation} over ${was.binding}: was ${was.verdict}, now ${now?.verdict ?? 'not run'}${now ? ` — ${now.message}` : ''}`);
  });
  return stillFailing ? EXIT.failed : EXIT.passed;
}

async function runMerge(args: MergeArgs): Promise<number> {
  const summary = await mergeShards(args.shardDirs, args.reportDir);
  return finish(summary, args.reportDir);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    if (e instanceof UserError) {
      console.error(`campusnet-conformance: ${e.message}`);
      process.exit(e.exitCode);
    }
    console.error('campusnet-conformance: internal error (a defect of the suite, please report it):');
    console.error(e);
    process.exit(EXIT.suiteError);
  },
);
