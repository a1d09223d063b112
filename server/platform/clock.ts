/** Where the time comes from: the system clock in production, a clock a test moves in tests. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
