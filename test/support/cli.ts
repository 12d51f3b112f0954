// The campusnet-conformance bin run as a user runs it: a child process, its exit code and output.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../bin/campusnet-conformance.js', import.meta.url));

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout and stderr together, for messages. */
  readonly out: string;
}

export function runCli(args: readonly string[], opts: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { env: { ...process.env, ...opts.env }, timeout: opts.timeoutMs ?? 120_000, maxBuffer: 32 * 1024 * 1024 }, (err, stdout, stderr) => {
      // A child killed by a signal has no numeric exit code.
      const code = err ? (typeof err.code === 'number' ? err.code : 99) : 0;
      resolve({ code, stdout, stderr, out: `${stdout}${stderr}` });
    });
  });
}
