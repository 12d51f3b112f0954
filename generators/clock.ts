// An injectable clock: TimeSpan values and TOTP codes come from it, so a run can be replayed.
export type Clock = () => number; // epoch milliseconds

export const systemClock: Clock = () => Date.now();

/** A clock frozen at one instant (tests, deterministic runs). */
export const fixedClock = (epochMs: number): Clock => () => epochMs;
