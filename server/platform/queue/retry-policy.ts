/**
 * When a failed job is tried again: exponential backoff shortened by a random part (jitter), a server's
 * Retry-After taking precedence, and the limits past which the job is dead (attempts in all, or a deadline).
 */
export interface RetryPolicy {
  /** The wait before the first retry. */
  firstDelayMs: number;
  /** Each further retry waits this many times longer, up to `maxDelayMs`. */
  factor: number;
  maxDelayMs: number;
  /** Each backoff is shortened by up to this fraction at random (0: never), so jobs that failed together spread out. */
  jitter: number;
  /** Attempts in all before the job is dead; unset: until its deadline. */
  maxAttempts?: number;
  /** With a deadline: a backoff ending past it is cut to it (one last attempt there) instead of the job dying now. */
  lastAttemptAtDeadline?: boolean;
}

/** The backoff before retry number `attempt` (1: after the first failed attempt), without jitter. */
export function backoffMs(policy: RetryPolicy, attempt: number): number {
  return Math.min(policy.firstDelayMs * policy.factor ** Math.max(0, attempt - 1), policy.maxDelayMs);
}

export interface RetryInput {
  /** Attempts made so far, the failed one included. */
  attempts: number;
  now: number;
  /** The server's Retry-After, when it gave one: the wait is exactly this (no backoff, no jitter). */
  retryAfterMs?: number | null;
  /** No attempt after this moment (epoch ms). */
  deadline?: number | null;
  /** A number in [0, 1) (Math.random unless a test fixes it). */
  random?: () => number;
}

/** When to try again (epoch ms), or null: the job is dead. */
export function nextAttemptAt(policy: RetryPolicy, input: RetryInput): number | null {
  if (policy.maxAttempts !== undefined && input.attempts >= policy.maxAttempts) return null;
  const deadline = input.deadline ?? Infinity;
  if (input.retryAfterMs != null) {
    const at = input.now + input.retryAfterMs;
    return at < deadline ? at : null;
  }
  const shortenBy = policy.jitter * (input.random ?? Math.random)();
  const at = input.now + Math.round(backoffMs(policy, input.attempts) * (1 - shortenBy));
  if (at < deadline) return at;
  return policy.lastAttemptAtDeadline && input.now < deadline ? deadline : null;
}
