import { useState, type FormEvent } from 'react';
import { KeyRound, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { CopyButton } from './copy-button';
import { EmptyState } from './empty-state';
import { failureFields, failureMessage } from './error-message';
import { FormError } from './form-error';
import { Modal } from './modal';
import { QueryState } from './query-state';
import { Spinner } from './spinner';
import { TextField } from './text-field';
import { useSession } from '@web/lib/session-store';
import { trpc } from '@web/lib/trpc';
import { apiTokenScopeLabels, apiTokenScopes, type ApiTokenScope, type ApiTokenSummary } from '@server/domains/api-tokens/api-tokens.schemas';

const expiryChoices = [
  { label: 'Never', days: undefined },
  { label: '7 days', days: 7 },
  { label: '30 days', days: 30 },
  { label: '90 days', days: 90 },
  { label: '1 year', days: 365 },
] as const;

function formatDate(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';
}

function tokenState(token: ApiTokenSummary): { label: string; className: string } {
  if (token.revokedAt) return { label: 'Revoked', className: 'bg-slate-100 text-slate-600' };
  if (token.expiresAt && Date.parse(token.expiresAt) <= Date.now()) return { label: 'Expired', className: 'bg-amber-50 text-amber-700' };
  return { label: 'Active', className: 'bg-green-50 text-green-700' };
}

function CreateTokenForm({ isAdmin, onCreated }: { isAdmin: boolean; onCreated: (token: string) => void }) {
  const utils = trpc.useUtils();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>(['events:read']);
  const [expiry, setExpiry] = useState<number | undefined>(90);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The server's refusal of the last create (a limit, the scope, the server down): shown in the form.
  const [failure, setFailure] = useState<unknown>(null);
  const create = trpc.apiTokens.create.useMutation();
  const offered = apiTokenScopes.filter((scope) => scope !== 'admin' || isAdmin);

  const toggle = (scope: ApiTokenScope) => setScopes((current) => (current.includes(scope) ? current.filter((item) => item !== scope) : [...current, scope]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!name.trim()) problems.name = 'Please enter a name';
    if (!scopes.length) problems.scopes = 'Please choose at least one scope';
    setErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length) return;
    try {
      const answer = await create.mutateAsync({ name: name.trim(), scopes, ...(expiry ? { expiresInDays: expiry } : {}) });
      setName('');
      await utils.apiTokens.list.invalidate();
      onCreated(answer.token);
    } catch (error) {
      const fields = failureFields(error);
      setErrors(fields);
      if (!fields.name && !fields.scopes) setFailure(error);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200" aria-labelledby="new-token-heading" noValidate>
      <h2 id="new-token-heading" className="text-lg font-semibold text-slate-900">
        New token
      </h2>
      <FormError error={failure} fallback="The token could not be created. Please try again." />
      <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} maxLength={80} placeholder="e.g. Schedule script" error={errors.name} />
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Scopes</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {offered.map((scope) => (
            <label key={scope} className="flex items-start gap-2 rounded-md border border-slate-200 p-2 text-sm hover:bg-slate-50">
              <input type="checkbox" className="mt-0.5 accent-brand-600" checked={scopes.includes(scope)} onChange={() => toggle(scope)} />
              <span>
                <code className="font-mono text-xs font-semibold text-slate-900">{scope}</code>
                <span className="block text-xs text-slate-600">{apiTokenScopeLabels[scope]}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.scopes && (
          <p role="alert" className="mt-1 text-xs text-red-600">
            {errors.scopes}
          </p>
        )}
      </fieldset>
      <div className="space-y-1">
        <label htmlFor="token-expiry" className="block text-sm font-medium text-slate-700">
          Expires
        </label>
        <select
          id="token-expiry"
          value={expiry ?? ''}
          onChange={(event) => setExpiry(event.target.value ? Number(event.target.value) : undefined)}
          className="block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm sm:w-60"
        >
          {expiryChoices.map((choice) => (
            <option key={choice.label} value={choice.days ?? ''}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" busy={create.isPending}>
        <KeyRound className="size-4" aria-hidden />
        Create token
      </Button>
    </form>
  );
}

function TokenList({ tokens, onRevoke }: { tokens: ApiTokenSummary[]; onRevoke: (token: ApiTokenSummary) => void }) {
  return (
    <ul className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-label="API tokens">
      {tokens.map((token) => {
        const state = tokenState(token);
        return (
          <li key={token.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0 space-y-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-slate-900">{token.name}</span>
                <code className="font-mono text-xs text-slate-500">cp_…{token.hint}</code>
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${state.className}`}>{state.label}</span>
              </div>
              <div className="flex flex-wrap gap-1">
                {token.scopes.map((scope) => (
                  <code key={scope} className="rounded bg-brand-50 px-1.5 py-0.5 font-mono text-xs text-brand-700">
                    {scope}
                  </code>
                ))}
              </div>
              <p className="text-xs text-slate-500">
                Created {formatDate(token.createdAt)} · Last used {token.lastUsedAt ? formatDate(token.lastUsedAt) : 'never'} · Expires{' '}
                {token.expiresAt ? formatDate(token.expiresAt) : 'never'}
              </p>
            </div>
            {state.label === 'Active' && (
              <Button variant="secondary" size="sm" onClick={() => onRevoke(token)} aria-label={`Revoke ${token.name}`}>
                <Trash2 className="size-4" aria-hidden />
                Revoke
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Personal API tokens (`cp_...`): create with scopes and expiry (shown once), see when each was used, revoke. Used by the API tokens page and the profile's API tab. */
export function ApiTokensPanel() {
  const user = useSession((state) => state.user);
  const isAdmin = !!user?.role.includes('admin');
  const utils = trpc.useUtils();
  const tokens = trpc.apiTokens.list.useQuery();
  const revoke = trpc.apiTokens.revoke.useMutation();
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenSummary | null>(null);

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync({ id: revoking.id });
      toast.success(`Token “${revoking.name}” revoked`);
      setRevoking(null);
      await utils.apiTokens.list.invalidate();
    } catch (error) {
      toast.error(failureMessage(error, 'The token could not be revoked. Please try again.'));
    }
  };

  return (
    <div className="space-y-6">
      <CreateTokenForm isAdmin={isAdmin} onCreated={setCreated} />

      <section aria-labelledby="tokens-heading" className="space-y-3">
        <h2 id="tokens-heading" className="text-lg font-semibold text-slate-900">
          Your tokens
        </h2>
        <QueryState
          query={tokens}
          loading={<Spinner label="Loading your tokens" className="py-10" />}
          empty={<EmptyState title="No API tokens yet">Create one above to call Cuepoint from a script.</EmptyState>}
          errorTitle="Your tokens could not be loaded"
        >
          {(list) => <TokenList tokens={list} onRevoke={setRevoking} />}
        </QueryState>
      </section>

      <Modal
        open={created !== null}
        onOpenChange={(open) => !open && setCreated(null)}
        title="Your new API token"
        description="Copy it now: it is shown only once. Anyone with it can act as you within its scopes."
        footer={<Button onClick={() => setCreated(null)}>Done</Button>}
      >
        <div className="space-y-3">
          <code data-testid="new-api-token" className="block break-all rounded-md bg-slate-900 p-3 font-mono text-sm text-white">
            {created}
          </code>
          {created && <CopyButton value={created} label="Copy token" />}
          <pre className="overflow-x-auto rounded-md bg-slate-50 p-3 text-xs text-slate-700">
            {`CUEPOINT_URL=${window.location.origin} CUEPOINT_TOKEN=<token> npx tsx examples/list-events.ts`}
          </pre>
        </div>
      </Modal>

      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke this token?"
        description={`Scripts using “${revoking?.name ?? ''}” stop working at their next request.`}
        confirmLabel="Revoke"
        destructive
        busy={revoke.isPending}
        onConfirm={() => void confirmRevoke()}
      />
    </div>
  );
}
