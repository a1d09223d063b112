import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { BotCheckVerdict } from '@server/domains/users/users.schemas';
import { botCheckAction, type BotCheckProvider, type PowChallenge } from './interface';

const challengeLifetimeMs = 10 * 60 * 1000;

/** Self-hosted proof-of-work check (ALTCHA format): works offline, no third party sees the visitor. */
export class ProofOfWorkBotCheck implements BotCheckProvider {
  readonly publicConfig = { provider: 'pow' as const };
  private readonly spent = new Map<string, number>();

  constructor(
    private readonly hmacKey: string,
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
    this.forgetExpired();
    if (this.spent.has(challenge)) return failed('timeout-or-duplicate');
    const expires = Number(extractParams(token).expires ?? 0) * 1000;
    this.spent.set(challenge, expires || Date.now() + challengeLifetimeMs);
    return { success: true, score: 0.9, action: botCheckAction, 'error-codes': [] };
  }

  /** Entries live until their challenge expires (at most challengeLifetimeMs), which bounds the map. */
  private forgetExpired(): void {
    const now = Date.now();
    for (const [token, expires] of this.spent) if (expires < now) this.spent.delete(token);
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
