import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { LoginInput, SessionAnswer } from '@server/domains/users/users.schemas';
import { Button } from '@web/components/button';
import { PasswordField, TextField } from '@web/components/text-field';
import { guestTrpc } from '@web/lib/trpc';
import type { LoginProblems } from './login-checks';

let checks: Promise<typeof import('./login-checks')> | null = null;
/** The shared login schema (and zod with it), fetched once, when the form is first focused. */
const loadChecks = () =>
  (checks ??= import('./login-checks').catch((error: unknown) => {
    checks = null; // the next keystroke tries again
    throw error;
  }));
const prefetchChecks = () => void loadChecks().catch(() => undefined);

type Field = keyof LoginInput;

/**
 * Email-or-username and password; the Login button stays disabled until both are valid. A field's problem shows once
 * it has been edited; the server's refusal shows under the field it concerns until either field is edited again.
 * The first check needs no zod: the password starts empty, which the schema refuses.
 */
export function LoginForm({ onSuccess, defaultUserName = '', submitLabel }: { onSuccess(answer: SessionAnswer): void; defaultUserName?: string; submitLabel?: string }) {
  const { t } = useLingui();
  const [values, setValues] = useState<LoginInput>({ userName: defaultUserName, password: '' });
  const latest = useRef(values);
  const [problems, setProblems] = useState<LoginProblems | null>(null);
  const [edited, setEdited] = useState<ReadonlySet<Field>>(new Set());
  const [refusal, setRefusal] = useState<{ field: Field; message: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const check = async (next: LoginInput) => {
    const found = (await loadChecks()).loginProblems(next);
    if (latest.current === next) setProblems(found);
  };

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...latest.current, [field]: event.target.value };
    latest.current = next;
    setValues(next);
    setEdited((current) => (current.has(field) ? current : new Set([...current, field])));
    setRefusal(null);
    setProblems(null);
    void check(next).catch(() => undefined);
  };

  const valid = problems !== null && Object.keys(problems).length === 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || submitting) return;
    setSubmitting(true);
    try {
      onSuccess(await guestTrpc.users.login.mutate(values));
    } catch (error) {
      setRefusal((await loadChecks()).loginFailure(error));
    } finally {
      setSubmitting(false);
    }
  };

  const shown = (field: Field) => (refusal?.field === field ? refusal.message : edited.has(field) ? problems?.[field] : undefined) || undefined;

  return (
    <form onSubmit={(event) => void submit(event)} onFocus={prefetchChecks} noValidate className="space-y-4" aria-label={t`Login`}>
      <TextField label={t`Email or username`} autoComplete="username" name="userName" value={values.userName} onChange={change('userName')} error={shown('userName')} />
      <PasswordField label={t`Password`} autoComplete="current-password" name="password" value={values.password} onChange={change('password')} error={shown('password')} />
      <Button type="submit" className="w-full" disabled={!valid} busy={submitting}>
        {submitLabel ?? t`Login`}
      </Button>
    </form>
  );
}
