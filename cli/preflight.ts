// Before a run: is anything answering HTTP at the target? A refused connection, an unknown host
// or silence is exit code 3 with one line, not thousands of identical failed checks.
import { request } from 'undici';
import { unreachableError } from '../config/errors.ts';

export async function assertReachable(baseUrl: string, path: string, timeoutMs: number): Promise<void> {
  const url = baseUrl + path;
  try {
    const res = await request(url, { method: 'GET', signal: AbortSignal.timeout(timeoutMs) });
    await res.body.dump();
  } catch (e) {
    const err = e as { code?: string; cause?: { code?: string }; name?: string; message?: string };
    const code = err.code ?? err.cause?.code ?? err.name ?? 'error';
    const why =
      code === 'ECONNREFUSED' ? 'connection refused'
      : code === 'ENOTFOUND' || code === 'EAI_AGAIN' ? 'host not found'
      : code === 'TimeoutError' || code === 'AbortError' || /TIMEOUT/.test(code) ? `no answer within ${timeoutMs} ms`
      : `${code}${err.message ? `: ${err.message}` : ''}`;
    throw unreachableError(`target unreachable: ${url} (${why})`);
  }
}
