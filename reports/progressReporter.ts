// Live progress of a certification on a terminal. The work happens in the spec's beforeAll, in a
// vitest worker: the spec reports each operation sent as one marked console line (only when the
// settings ask for it), and this reporter turns those lines, then the check results as they
// arrive, into a single line on stderr rewritten in place. Off a terminal it writes nothing.
import type { Reporter, TestCase, TestModule } from 'vitest/node';
import type { UserConsoleLog } from 'vitest';

/** Starts every progress line the spec writes; printable, so a stray line stays valid XML/JSON. */
export const PROGRESS_MARKER = '@@campusnet-progress@@ ';

export interface ProgressEvent {
  readonly done: number;
  readonly total: number;
  readonly operation: string;
}

/** The console line the spec writes after an operation's requests are all answered. */
export function progressLine(e: ProgressEvent): string {
  return PROGRESS_MARKER + JSON.stringify({ done: e.done, total: e.total, operation: e.operation });
}

/** The progress events in a console log's content (vitest may join several writes in one log). */
export function parseProgress(content: string): ProgressEvent[] {
  const out: ProgressEvent[] = [];
  for (const line of content.split('\n')) {
    const at = line.indexOf(PROGRESS_MARKER);
    if (at < 0) continue;
    try {
      const v = JSON.parse(line.slice(at + PROGRESS_MARKER.length)) as Partial<ProgressEvent>;
      if (typeof v.done === 'number' && typeof v.total === 'number' && typeof v.operation === 'string') {
        out.push({ done: v.done, total: v.total, operation: v.operation });
      }
    } catch {
      // not ours after all
    }
  }
  return out;
}

export interface ProgressState {
  /** The last operation sent, with its position; undefined before the first. */
  readonly sent?: ProgressEvent;
  /** Checks (tests) in the run, once collected. */
  readonly checksTotal: number;
  /** Checks whose result has arrived. */
  readonly checksDone: number;
  /** Operations with a failed or error check so far. */
  readonly failingOperations: number;
  /** Checks failed or in error so far. */
  readonly failedChecks: number;
  readonly elapsedMs: number;
}

function elapsed(ms: number): string {
  const s = Math.floor(ms / 1000);
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
}

/** The live line, without control characters; empty before there is anything to say. */
export function renderProgress(p: ProgressState): string {
  const parts: string[] = [];
  if (p.checksDone > 0) {
    parts.push(`checks ${p.checksDone}/${p.checksTotal || '?'}`);
    const n = p.failingOperations;
    parts.push(n > 0 ? `${n} operation${n === 1 ? '' : 's'} with failures so far` : p.failedChecks > 0 ? `${p.failedChecks} failed` : 'no failures so far');
  } else if (p.sent) {
    const { done, total, operation } = p.sent;
    parts.push(done >= total ? `[${done}/${total}] all operations sent` : `[${done}/${total}] ${operation}`);
    if (done >= total) parts.push('checking responses…');
  } else {
    return '';
  }
  parts.push(elapsed(p.elapsedMs));
  return parts.join(' · ');
}

export interface ProgressStream {
  readonly isTTY?: boolean;
  readonly columns?: number;
  write(chunk: string): unknown;
}

export interface ProgressReporterOptions {
  /** Where the live line goes; process.stderr by default. Nothing is written unless it is a TTY. */
  readonly stream?: ProgressStream;
  readonly now?: () => number;
  /** Least time between two rewrites of the line while check results pour in. */
  readonly minIntervalMs?: number;
}

const CLEAR_LINE = '\r\u001b[K';

export class ProgressReporter implements Reporter {
  private readonly stream: ProgressStream;
  private readonly now: () => number;
  private readonly minIntervalMs: number;
  private startedAt: number;
  private sent: ProgressEvent | undefined;
  private checksTotal = 0;
  private checksDone = 0;
  private failedChecks = 0;
  private readonly failingOps = new Set<string>();
  private shown = '';
  private lastWrite = -Infinity;

  constructor(opts: ProgressReporterOptions = {}) {
    this.stream = opts.stream ?? process.stderr;
    this.now = opts.now ?? Date.now;
    this.minIntervalMs = opts.minIntervalMs ?? 100;
    this.startedAt = this.now();
  }

  private get live(): boolean {
    return this.stream.isTTY === true;
  }

  onTestRunStart(): void {
    this.startedAt = this.now();
  }

  onTestModuleCollected(module: TestModule): void {
    for (const _ of module.children.allTests()) this.checksTotal++;
  }

  onUserConsoleLog(log: UserConsoleLog): void {
    const events = parseProgress(log.content);
    if (events.length === 0) return;
    this.sent = events[events.length - 1];
    this.draw(true);
  }

  onTestCaseResult(test: TestCase): void {
    this.checksDone++;
    const entry = test.meta().conformance;
    if (entry ? entry.verdict === 'failed' || entry.verdict === 'error' : test.result().state === 'failed') {
      this.failedChecks++;
      if (entry) this.failingOps.add(entry.operation);
    }
    this.draw(this.checksTotal > 0 && this.checksDone >= this.checksTotal);
  }

  onTestRunEnd(): void {
    this.clear();
  }

  /** Removes the live line (idempotent), so what prints next starts on a clean line. */
  clear(): void {
    if (this.live && this.shown !== '') this.stream.write(CLEAR_LINE);
    this.shown = '';
  }

  state(): ProgressState {
    return {
      ...(this.sent ? { sent: this.sent } : {}),
      checksTotal: this.checksTotal,
      checksDone: this.checksDone,
      failingOperations: this.failingOps.size,
      failedChecks: this.failedChecks,
      elapsedMs: this.now() - this.startedAt,
    };
  }

  private draw(force: boolean): void {
    if (!this.live) return;
    const t = this.now();
    if (!force && t - this.lastWrite < this.minIntervalMs) return;
    let line = renderProgress(this.state());
    // A line that wraps can no longer be rewritten with \r: keep it within the terminal.
    const width = (this.stream.columns ?? 80) - 1;
    if (width > 0 && line.length > width) line = line.slice(0, Math.max(0, width - 1)) + '…';
    if (line === this.shown || line === '') return;
    this.stream.write(CLEAR_LINE + line);
    this.shown = line;
    this.lastWrite = t;
  }
}
