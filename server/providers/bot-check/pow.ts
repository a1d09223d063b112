import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { BotCheckVerdict } from '@common/bot-check';
import type { OnceStore } from '@server/platform/bus-once';
import { botCheckAction, type BotCheckProvider, type PowChallenge } from './interface';

const challengeLifetimeMs = 10 * 60 * 1000;

/**
 * Self-hosted proof-of-work check (ALTCHA format): works offline, no third party sees the visitor. Solved challenges
 * are recorded in the shared one-time store, so a solution is accepted once across every instance.
 */
export class ProofOfWorkBotCheck implements BotCheckProvider {
  readonly publicConfig = { provider: 'pow' as const };

  constructor(
    private readonly hmacKey: string,
    private readonly spent: OnceStore,
    private readonly maxNumber = 50_000,
  ) {}

  async createChallenge(): Promise<PowChallenge> {
    const challenge = await createChallenge({
      hmacKey: this.hmacKey,
      maxNumber: this.maxNumber,
      expires: new Date(Date.now() + challengeLifetimeMs),
    });
    return { ...challenge };
  }

  async verify(token: string): Promise<BotCheckVerdict> {
    const failed = (code: string): BotCheckVerdict => ({ success: false, score: 0, action: botCheckAction, 'error-codes': [code] });
    let valid = false;
    try {
      valid = await verifySolution(token, this.hmacKey, true);
    } catch {
      return failed('invalid-input-response');
    }
    if (!valid) return failed('invalid-input-response');
    // Spent solutions are keyed by their signed challenge, not by the token text: the same
    // solution re-encoded (other key order, whitespace) is still the same solution.
    const challenge = solvedChallenge(token);
    if (!challenge) return failed('invalid-input-response');
    // Kept until the challenge expires (verifySolution refuses it after that anyway).
    const expires = Number(extractParams(token).expires ?? 0) * 1000;
    const ttlMs = expires ? Math.min(Math.max(expires - Date.now(), 1_000), challengeLifetimeMs) : challengeLifetimeMs;
    if (!(await this.spent.put(`bot-check:pow:${challenge}`, '1', ttlMs))) return failed('timeout-or-duplicate');
    return { success: true, score: 0.9, action: botCheckAction, 'error-codes': [] };
  }
}

function solvedChallenge(token: string): string | null {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    const challenge = (payload as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length > 0 ? challenge : null;
  } catch {
    return null;
  }
}
