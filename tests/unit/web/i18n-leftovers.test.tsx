import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nProvider } from '@lingui/react';
import { TRPCClientError } from '@trpc/client';
import { Router } from 'wouter';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { validationMessages } from '@server/domains/users/users.schemas';
import { FormError } from '@web/components/form-error';
import { isPlanRefusalError, planRefusalMessage } from '@web/components/plan-notice';
import { RegisterFields } from '@web/features/auth/register-fields';
import { showServerFieldErrors, useRegisterForm } from '@web/features/auth/use-register-form';
import { activateLocale, i18n } from '@web/lib/i18n/i18n';
import { ApiError, upload } from '@web/lib/upload';

const page = { documentElement: { lang: '', dir: '' } };
beforeAll(() => vi.stubGlobal('document', page));
afterAll(() => vi.unstubAllGlobals());
afterEach(() => activateLocale('en'));

const render = (node: ReactNode) =>
  renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <Router ssrPath="/" ssrSearch="">
        {node}
      </Router>
    </I18nProvider>,
  );

const german = 'Um Events zu erstellen und live zu gehen, brauchst du den Tarif LIVE STREAM. Wähle einen Tarif: /profile/me/subscriptions';

function refusedCall(message: string, data: Record<string, unknown>) {
  return TRPCClientError.from({ error: { message, code: -32003, data } });
}

/** An XMLHttpRequest that answers every upload with `status` and the JSON `body`. */
function answeringXhr(status: number, body: unknown) {
  return class {
    status = 0;
    responseText = '';
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    send() {
      this.status = status;
      this.responseText = JSON.stringify(body);
      queueMicrotask(() => this.onload?.());
    }
  };
}

describe('a plan refusal is told by its code, never by its words', () => {
  it('FormError shows a coded refusal as the plan notice, and a look-alike text without the code as a plain error', () => {
    const coded = render(<FormError error={refusedCall(german, { httpStatus: 403, reason: 'plan-required' })} />);
    expect(coded).toContain('data-testid="plan-required"');
    expect(coded).toMatch(/<a href="\/profile\/me\/subscriptions"[^>]*>Wähle einen Tarif<\/a>/);

    const lookalike = render(<FormError error={refusedCall('Moved elsewhere: /events/new', { httpStatus: 400 })} />);
    expect(lookalike).not.toContain('plan-required');
    expect(lookalike).toContain('data-testid="form-error"');
    expect(lookalike).toContain('Moved elsewhere: /events/new');
  });

  it('an upload’s ApiError keeps the REST answer’s reason, so the new-title dialog recognises a plan refusal in any language', async () => {
    vi.stubGlobal('XMLHttpRequest', answeringXhr(403, { message: german, reason: 'plan-required' }));
    const refused = await upload('/api/podcasts/titles', new FormData(), { token: null }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).reason).toBe('plan-required');
    expect(isPlanRefusalError(refused)).toBe(true);
    expect(planRefusalMessage(refused)).toBe(german);

    vi.stubGlobal('XMLHttpRequest', answeringXhr(400, { message: 'Moved elsewhere: /events/new' }));
    const other = await upload('/api/podcasts/titles', new FormData(), { token: null }).catch((error: unknown) => error);
    expect(isPlanRefusalError(other)).toBe(false);
    vi.stubGlobal('document', page);
  });
});

describe('the register form’s field errors follow a language switch', () => {
  it('keeps the schema’s English in the form state and words it in the active language when it renders', async () => {
    await activateLocale('de');
    let form: ReturnType<typeof useRegisterForm> | undefined;
    function Probe() {
      form = useRegisterForm('not-an-email');
      return null;
    }
    render(<Probe />);
    await form!.trigger('email');
    const stored = form!.getFieldState('email').error?.message;
    expect(stored).toBe(validationMessages.email);

    const errors = { email: { type: 'server', message: stored } };
    expect(render(<RegisterFields register={form!.register} errors={errors} />)).toContain('Bitte gib eine gültige E-Mail-Adresse ein');
    await activateLocale('fr');
    const french = render(<RegisterFields register={form!.register} errors={errors} />);
    expect(french).not.toContain('Bitte gib');
    expect(french).toContain('Veuillez saisir un e-mail valide');
    await activateLocale('en');
    expect(render(<RegisterFields register={form!.register} errors={errors} />)).toContain('Please enter a valid email');
  });

  it('places the server’s field messages as they came, worded at display time', async () => {
    const placed: [string, string | undefined][] = [];
    const setError = ((field: string, error: { message?: string }) => placed.push([field, error.message])) as never;
    expect(showServerFieldErrors(setError, { email: validationMessages.email, other: 'ignored' })).toBe(true);
    expect(placed).toEqual([['email', validationMessages.email]]);
  });
});
