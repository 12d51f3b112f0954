// Before a run: can a connection be made to the target at all? A refused connection, an unknown
// host or a connect timeout is exit code 3 with one line, not thousands of identical failures.
// Only the connection is tried: a server that accepts and then misbehaves (silence, garbage) is
// reachable, and its misbehaviour is a finding of the run, with evidence (exit 1).
import { connect } from 'node:net';
import { unreachableError } from '../config/errors.ts';

export async function assertReachable(baseUrl: string, path: string, timeoutMs: number): Promise<void> {
  const url = new URL(path, baseUrl + '/');
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  await new Promise<void>((resolve, reject) => {
    const socket = connect({ host, port });
    const fail = (why: string) => {
      socket.destroy();
      reject(unreachableError(`target unreachable: ${url.href} (${why})`));
    };
    socket.setTimeout(timeoutMs, () => fail(`no connection within ${timeoutMs} ms`));
    socket.once('connect', () => {
      socket.end();
      resolve();
    });
    socket.once('error', (e: NodeJS.ErrnoException) =>
      fail(e.code === 'ECONNREFUSED' ? 'connection refused' : e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN' ? 'host not found' : `${e.code ?? 'error'}: ${e.message}`),
    );
  });
}
