// The certification: every selected operation in every selected binding, every applicable check
// a test. The knowledge lives in contracts/ and validators/; this file only asserts verdicts.
import { beforeAll, describe, expect, inject, test } from 'vitest';
import type { RunSettings } from '../config/load.ts';
import { executeRun, type RunOutcome } from './harness/execute.ts';
import { bindingTitle, checksFor, planRun } from './harness/plan.ts';
import { annotate } from './harness/annotate.ts';
import { progressLine } from '../reports/progressReporter.ts';
import { interruptSignal } from './harness/interrupt.ts';

const settings = inject('campusnet') as RunSettings;
let outcome: RunOutcome;

beforeAll(async () => {
  // Live progress for the CLI's reporter (reports/progressReporter.ts), only when asked: the
  // certification otherwise writes nothing to the console.
  const onOperationSent = settings.progress
    ? (operation: string, done: number, total: number) => console.info(progressLine({ done, total, operation }))
    : undefined;
  const interrupt = interruptSignal(settings.runId);
  try {
    outcome = await executeRun(settings, { signal: interrupt.signal, ...(onOperationSent ? { onOperationSent } : {}) });
  } finally {
    interrupt.close();
  }
});

for (const plan of planRun(settings)) {
  describe(plan.operation.name, () => {
    for (const binding of plan.bindings) {
      describe(bindingTitle(binding), () => {
        for (const check of checksFor(plan.operation, binding)) {
          test(check.id, async (ctx) => {
            const entry = outcome.entry(check.id, plan.operation.name, binding);
            if (!entry) throw new Error(`no result for ${check.id} on ${plan.operation.name} over ${binding}`);
            await annotate(ctx.task, entry);
            if (entry.verdict === 'skipped' || entry.verdict === 'not-applicable') ctx.skip(entry.message);
            if (entry.verdict === 'error') throw new Error(entry.message);
            expect(entry.verdict, entry.message).not.toBe('failed');
          });
        }
      });
    }
  });
}
