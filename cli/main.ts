// The campusnet-conformance command. User errors end with one line and their own exit code;
// only a defect of the suite itself shows a stack.
import { EXIT, UserError } from '../config/errors.ts';
import { loadConfigFile } from '../config/load.ts';
import { parseCommandLine, USAGE } from './args.ts';
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
  const config = args.config ? await loadConfigFile(args.config) : {};
  const result = await certify({
    config,
    overrides: {
      ...(args.target !== undefined ? { target: args.target } : {}),
      ...(args.seed !== undefined ? { seed: args.seed } : {}),
      ...(args.runs !== undefined ? { runs: args.runs } : {}),
      ...(args.bindings ? { bindings: args.bindings } : {}),
      ...(args.operations ? { operations: args.operations } : {}),
      ...(args.strict ? { strict: true } : {}),
    },
    reportDir: args.reportDir,
    progress: process.stdout.isTTY === true,
  });
  if (!result.summary) {
    console.error('campusnet-conformance: the run produced no summary (see the output above)');
    return EXIT.suiteError;
  }
  printClosingSummary(result.summary, result.reportDir);
  return result.summary.verdict === 'passed' ? EXIT.passed : result.summary.verdict === 'failed' ? EXIT.failed : EXIT.suiteError;
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
