import { useState, type FormEvent } from 'react';
import { KeyRound, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { formatDateTime } from '@web/lib/i18n/format';
import { useSession } from '@web/lib/session-store';
import { trpc } from '@web/lib/trpc';
import { apiTokenScopes, type ApiTokenScope, type ApiTokenSummary } from '@server/domains/api-tokens/api-tokens.schemas';

/** What each scope allows, in the reader's language (the server's `apiTokenScopeLabels` keep the English). */
const scopeLabels: Record<ApiTokenScope, MessageDescriptor> = {
  'events:read': msg`Read your events`,
  'events:write': msg`Create, change and delete your events (includes reading them)`,
  'chat:write': msg`Send and moderate chat messages`,
  'podcasts:read': msg`Read your podcasts and episodes`,
  'podcasts:write': msg`Publish and change podcasts and episodes (includes reading them)`,
  'tips:read': msg`Read your tip options and tips received`,
  'earnings:read': msg`Read your earnings`,
  'push:send': msg`Send push notifications to your followers`,
  'webhooks:manage': msg`Create and change your webhooks`,
  'live:read': msg`Read your live settings (including the stream key), status and recordings`,
  'live:write': msg`Rotate your stream key, change live settings and publish or delete recordings (includes reading them)`,
  'memberships:read': msg`Read your membership tiers and members`,
  'memberships:write': msg`Create, change and archive your membership tiers (includes reading them)`,
  'analytics:read': msg`Read your audience analytics: podcast downloads, live viewers, members and MRR`,
  admin: msg`Administer the platform (admins only)`,
};

const expiryChoices: ReadonlyArray<{ id: string; label: MessageDescriptor; days: number | undefined }> = [
  { id: 'never', label: msg`Never`, days: undefined },
  { id: '7', label: msg`7 days`, days: 7 },
  { id: '30', label: msg`30 days`, days: 30 },
  { id: '90', label: msg`90 days`, days: 90 },
  { id: '365', label: msg`1 year`, days: 365 },
];

function formatDate(iso: string): string {
  return formatDateTime(iso, { dateStyle: 'medium', timeStyle: 'short' });
}

type TokenState = 'revoked' | 'expired' | 'active';

const tokenStates: Record<TokenState, { label: MessageDescriptor; className: string }> = {
  revoked: { label: msg`Revoked`, className: 'bg-slate-100 text-slate-600' },
  expired: { label: msg`Expired`, className: 'bg-amber-50 text-amber-700' },
  active: { label: msg`Active`, className: 'bg-green-50 text-green-700' },
};

function tokenState(token: ApiTokenSummary): TokenState {
  if (token.revokedAt) return 'revoked';
  if (token.expiresAt && Date.parse(token.expiresAt) <= Date.now()) return 'expired';
  return 'active';
}

function CreateTokenForm({ isAdmin, onCreated }: { isAdmin: boolean; onCreated: (token: string) => void }) {
  const { t } = useLingui();
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
    if (!name.trim()) problems.name = t`Please enter a name`;
    if (!scopes.length) problems.scopes = t`Please choose at least one scope`;
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
        <Trans>New token</Trans>
      </h2>
      <FormError error={failure} fallback={t`The token could not be created. Please try again.`} />
      <TextField label={t`Name`} value={name} onChange={(event) => setName(event.target.value)} maxLength={80} placeholder={t`e.g. Schedule script`} error={errors.name} />
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">
          <Trans>Scopes</Trans>
        </legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {offered.map((scope) => (
            <label key={scope} className="flex items-start gap-2 rounded-md border border-slate-200 p-2 text-sm hover:bg-slate-50">
              <input type="checkbox" className="mt-0.5 accent-brand-600" checked={scopes.includes(scope)} onChange={() => toggle(scope)} />
              <span>
                <code className="font-mono text-xs font-semibold text-slate-900">{scope}</code>
                <span className="block text-xs text-slate-600">{t(scopeLabels[scope])}</span>
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
          <Trans>Expires</Trans>
        </label>
        <select
          id="token-expiry"
          value={expiry ?? ''}
          onChange={(event) => setExpiry(event.target.value ? Number(event.target.value) : undefined)}
          className="block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm sm:w-60"
        >
          {expiryChoices.map((choice) => (
            <option key={choice.id} value={choice.days ?? ''}>
              {t(choice.label)}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" busy={create.isPending}>
        <KeyRound className="size-4" aria-hidden />
        <Trans>Create token</Trans>
      </Button>
    </form>
  );
}

function TokenList({ tokens, onRevoke }: { tokens: ApiTokenSummary[]; onRevoke: (token: ApiTokenSummary) => void }) {
  const { t } = useLingui();
  return (
    <ul className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-label={t`API tokens`}>
      {tokens.map((token) => {
        const stateId = tokenState(token);
        const state = tokenStates[stateId];
        const created = formatDate(token.createdAt);
        const lastUsed = token.lastUsedAt ? formatDate(token.lastUsedAt) : t`never`;
        const expires = token.expiresAt ? formatDate(token.expiresAt) : t`never`;
        const tokenName = token.name;
        return (
          <li key={token.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0 space-y-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-slate-900">{token.name}</span>
                <code className="font-mono text-xs text-slate-500" dir="ltr">
                  cp_…{token.hint}
                </code>
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${state.className}`}>{t(state.label)}</span>
              </div>
              <div className="flex flex-wrap gap-1">
                {token.scopes.map((scope) => (
                  <code key={scope} className="rounded bg-brand-50 px-1.5 py-0.5 font-mono text-xs text-brand-700">
                    {scope}
                  </code>
                ))}
              </div>
              <p className="text-xs text-slate-500">
                <Trans>
                  Created {created} · Last used {lastUsed} · Expires {expires}
                </Trans>
              </p>
            </div>
            {stateId === 'active' && (
              <Button variant="secondary" size="sm" onClick={() => onRevoke(token)} aria-label={t`Revoke ${tokenName}`}>
                <Trash2 className="size-4" aria-hidden />
                <Trans>Revoke</Trans>
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
  const { t } = useLingui();
  const user = useSession((state) => state.user);
  const isAdmin = !!user?.role.includes('admin');
  const utils = trpc.useUtils();
  const tokens = trpc.apiTokens.list.useQuery();
  const revoke = trpc.apiTokens.revoke.useMutation();
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenSummary | null>(null);

  const revokingName = revoking?.name ?? '';

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync({ id: revoking.id });
      const tokenName = revoking.name;
      toast.success(t`Token “${tokenName}” revoked`);
      setRevoking(null);
      await utils.apiTokens.list.invalidate();
    } catch (error) {
      toast.error(failureMessage(error, t`The token could not be revoked. Please try again.`));
    }
  };

  return (
    <div className="space-y-6">
      <CreateTokenForm isAdmin={isAdmin} onCreated={setCreated} />

      <section aria-labelledby="tokens-heading" className="space-y-3">
        <h2 id="tokens-heading" className="text-lg font-semibold text-slate-900">
          <Trans>Your tokens</Trans>
        </h2>
        <QueryState
          query={tokens}
          loading={<Spinner label={t`Loading your tokens`} className="py-10" />}
          empty={
            <EmptyState title={t`No API tokens yet`}>
              <Trans>Create one above to call Cuepoint from a script.</Trans>
            </EmptyState>
          }
          errorTitle={t`Your tokens could not be loaded`}
        >
          {(list) => <TokenList tokens={list} onRevoke={setRevoking} />}
        </QueryState>
      </section>

      <Modal
        open={created !== null}
        onOpenChange={(open) => !open && setCreated(null)}
        title={t`Your new API token`}
        description={t`Copy it now: it is shown only once. Anyone with it can act as you within its scopes.`}
        footer={
          <Button onClick={() => setCreated(null)}>
            <Trans>Done</Trans>
          </Button>
        }
      >
        <div className="space-y-3">
          <code data-testid="new-api-token" dir="ltr" className="block break-all rounded-md bg-slate-900 p-3 font-mono text-sm text-white">
            {created}
          </code>
          {created && <CopyButton value={created} label={t`Copy token`} />}
          <pre className="overflow-x-auto rounded-md bg-slate-50 p-3 text-xs text-slate-700" dir="ltr">
            {`CUEPOINT_URL=${window.location.origin} CUEPOINT_TOKEN=<token> npx tsx examples/list-events.ts`}
          </pre>
        </div>
      </Modal>

      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t`Revoke this token?`}
        description={t`Scripts using “${revokingName}” stop working at their next request.`}
        confirmLabel={t`Revoke`}
        destructive
        busy={revoke.isPending}
        onConfirm={() => void confirmRevoke()}
      />
    </div>
  );
}
