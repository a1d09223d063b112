import type { BotCheckVerdict } from '@common/bot-check';
import type { BotCheckProvider } from './interface';

/** Google reCAPTCHA v3 through its siteverify endpoint (URL configurable so tests use a local fake). */
export class RecaptchaBotCheck implements BotCheckProvider {
  readonly publicConfig;

  constructor(
    private readonly secret: string,
    private readonly verifyUrl: string,
    siteKey: string | undefined,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.publicConfig = { provider: 'recaptcha' as const, siteKey };
  }

  async verify(token: string, remoteIp?: string): Promise<BotCheckVerdict> {
    const body = new URLSearchParams({ secret: this.secret, response: token });
    if (remoteIp) body.set('remoteip', remoteIp);
    let answer: Record<string, unknown>;
    try {
      const response = await this.fetchImpl(this.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) return { success: false, score: 0, 'error-codes': [`http-${response.status}`] };
      answer = (await response.json()) as Record<string, unknown>;
    } catch (error) {
      return { success: false, score: 0, 'error-codes': [error instanceof Error ? error.message : 'request-failed'] };
    }
    const codes = answer['error-codes'];
    return {
      success: answer.success === true,
      score: typeof answer.score === 'number' ? answer.score : 0,
      action: typeof answer.action === 'string' ? answer.action : undefined,
      'error-codes': Array.isArray(codes) ? codes.map(String) : [],
    };
  }
}
