// What a run covers: operations × bindings from the contracts, less what the settings leave out,
// with state-changing operations held back unless the target may be changed (DESIGN.md, safety).
import { BINDINGS, type BindingId } from '../../contracts/bindings.ts';
import { OPERATION_BY_NAME, type OperationContract } from '../../contracts/operations.ts';
import type { RunSettings } from '../../config/load.ts';
import { CHECKS } from '../../validators/checks/index.ts';
import type { Check } from '../../validators/check.ts';

export interface OperationPlan {
  readonly operation: OperationContract;
  readonly bindings: readonly BindingId[];
  /** fast-check seed of this operation's cases: the same cases go out over every binding. */
  readonly seed: number;
  /** Why nothing is sent for this operation, if nothing is. */
  readonly skipped?: string;
}

/** A stable 31-bit seed per operation, derived from the run seed (FNV-1a). */
export function operationSeed(runSeed: number, operationName: string): number {
  let h = 0x811c9dc5 ^ (runSeed | 0);
  for (const ch of operationName) h = Math.imul(h ^ ch.codePointAt(0)!, 0x01000193);
  return (h >>> 0) & 0x7fffffff;
}

/** Shard i of n takes every n-th selected operation: an operation's bindings stay together (§9.1). */
export const inShard = (s: Pick<RunSettings, 'shard'>, position: number): boolean => !s.shard || position % s.shard.count === s.shard.index - 1;

export function planRun(s: RunSettings): OperationPlan[] {
  return s.operations.filter((_name, position) => inShard(s, position)).map((name) => {
    const operation = OPERATION_BY_NAME.get(name)!;
    const skipped =
      operation.mutates && !s.allowMutations
        ? `${name} changes state on the target; it is sent only with "allowMutations": true in the configuration`
        : undefined;
    return { operation, bindings: s.bindings, seed: operationSeed(s.seed, name), ...(skipped ? { skipped } : {}) };
  });
}

const checksByPair = new Map<string, readonly Check[]>();

/** The checks that apply to an operation and binding, worked out once: they are asked for every exchange. */
export function checksFor(op: OperationContract, binding: BindingId): readonly Check[] {
  const key = `${op.name}|${binding}`;
  let found = checksByPair.get(key);
  if (!found) checksByPair.set(key, (found = CHECKS.filter((c) => c.appliesTo(op, binding))));
  return found;
}

export const bindingTitle = (b: BindingId): string => BINDINGS[b].title;
