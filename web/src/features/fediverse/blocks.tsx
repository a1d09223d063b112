import { useState, type FormEvent } from 'react';
import { Ban } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { blockInput, type BlockInput, type BlockOutput } from '@server/domains/federation/federation.schemas';
import { Button } from '@web/components/button';
import { SelectField } from '@web/components/form-fields';
import { TextField } from '@web/components/text-field';
import { validationText } from '@web/lib/i18n/validation-texts';
import { formatWhen } from './federation-state';

const kindLabels: Record<BlockInput['kind'], MessageDescriptor> = { domain: msg`Domain`, actor: msg`Account (actor URL)` };

/** Block a whole domain (`spam.example`) or one remote account by its actor URL. */
export function BlockForm({ busy, onBlock, label }: { busy: boolean; onBlock: (input: BlockInput, done: () => void) => void; label: string }) {
  const { t } = useLingui();
  const [kind, setKind] = useState<BlockInput['kind']>('domain');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = blockInput.safeParse({ kind, value });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    onBlock(parsed.data, () => setValue(''));
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} className="flex flex-wrap items-start gap-2">
      <SelectField
        label={t`Block`}
        className="w-full sm:w-56"
        value={kind}
        onChange={(event) => {
          setKind(event.target.value as BlockInput['kind']);
          setError(undefined);
        }}
        options={(['domain', 'actor'] as const).map((option) => ({ value: option, label: t(kindLabels[option]) }))}
      />
      <TextField
        label={kind === 'domain' ? t`Domain` : t`Actor URL`}
        className="min-w-0 flex-1 basis-56"
        placeholder={kind === 'domain' ? 'spam.example' : 'https://spam.example/users/someone'}
        autoCapitalize="none"
        spellCheck={false}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setError(undefined);
        }}
        error={validationText(error)}
      />
      <Button type="submit" variant="danger" className="mt-6" busy={busy}>
        <Ban className="size-4" aria-hidden /> <Trans>Block</Trans>
      </Button>
    </form>
  );
}

/** Blocked domains and accounts, each with Unblock. */
export function BlockList({ blocks, busyId, onUnblock, label }: { blocks: BlockOutput[]; busyId: string | null; onUnblock: (block: BlockOutput) => void; label: string }) {
  const { t } = useLingui();
  if (blocks.length === 0)
    return (
      <p className="text-sm text-slate-500">
        <Trans>Nothing blocked.</Trans>
      </p>
    );
  return (
    <ul className="divide-y divide-slate-100 rounded-md border border-slate-200" aria-label={label}>
      {blocks.map((block) => {
        const when = formatWhen(block.createdAt);
        const value = block.value;
        return (
        <li key={block.id} className="flex flex-wrap items-center justify-between gap-2 p-3" aria-label={block.value}>
          <span className="min-w-0">
            <span className="block text-sm font-medium break-all text-slate-900">{block.value}</span>
            <span className="block text-xs text-slate-500">
              {block.kind === 'domain' ? <Trans>Domain · blocked {when}</Trans> : <Trans>Account · blocked {when}</Trans>}
            </span>
          </span>
          <Button size="sm" variant="secondary" busy={busyId === block.id} onClick={() => onUnblock(block)} aria-label={t`Unblock ${value}`}>
            <Trans>Unblock</Trans>
          </Button>
        </li>
        );
      })}
    </ul>
  );
}
