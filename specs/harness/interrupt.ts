// Interrupting a run: the CLI receives SIGINT/SIGTERM in the main thread, while the certification
// runs in a vitest worker thread of the same process. A BroadcastChannel (named per run) carries
// the request across; the worker aborts the run's signal, so sending stops, what was sent is
// checked, and the reports are written, marked incomplete.
export const interruptChannel = (runId: string): string => `campusnet-conformance/interrupt/${runId}`;

/** Worker side: an AbortSignal that fires when the CLI asks the run to stop. */
export function interruptSignal(runId: string | undefined): { signal: AbortSignal; close(): void } {
  const controller = new AbortController();
  if (!runId) return { signal: controller.signal, close: () => undefined };
  const channel = new BroadcastChannel(interruptChannel(runId));
  channel.onmessage = () => controller.abort();
  // The channel must not keep the worker alive once the run is over.
  (channel as unknown as { unref?: () => void }).unref?.();
  return { signal: controller.signal, close: () => channel.close() };
}

/** Main side: asks the run to stop. */
export function requestInterrupt(runId: string): void {
  const channel = new BroadcastChannel(interruptChannel(runId));
  channel.postMessage('stop');
  channel.close();
}
