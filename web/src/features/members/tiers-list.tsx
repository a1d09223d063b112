import { useState } from 'react';
import { Archive, BadgeCheck, CalendarCheck, Film, Pencil, Podcast } from 'lucide-react';
import { toast } from 'sonner';
import { t as translate } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { TierOutput } from '@server/domains/memberships/memberships.schemas';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { failureMessage } from '@web/components/error-message';
import { activeIntlLocale } from '@web/lib/i18n/format';
import { trpc } from '@web/lib/trpc';
import { formatDay } from './member-status';
import { TierFormDialog } from './tier-form-dialog';
import { money } from './money';

/** Names joined as the active locale lists them ("A, B and C"). */
function listText(names: string[]): string {
  return new Intl.ListFormat(activeIntlLocale(), { style: 'long', type: 'unit' }).format(names);
}

function perksOf(tier: TierOutput): Array<{ icon: typeof Film; text: string }> {
  const perks: Array<{ icon: typeof Film; text: string }> = [];
  if (tier.includesAllPremiumEvents) perks.push({ icon: CalendarCheck, text: translate`All premium events` });
  else if (tier.premiumEvents.length > 0) {
    const names = listText(tier.premiumEvents.map((event) => event.name));
    perks.push({ icon: CalendarCheck, text: translate`Premium events: ${names}` });
  }
  if (tier.includesReplays) perks.push({ icon: Film, text: translate`Replays` });
  if (tier.podcastTitles.length > 0) {
    const titles = listText(tier.podcastTitles.map((title) => title.name));
    perks.push({ icon: Podcast, text: translate`Private podcast feeds: ${titles}` });
  }
  if (tier.chatBadge) perks.push({ icon: BadgeCheck, text: translate`Member badge in chat` });
  return perks;
}

/** The creator's tiers, active first then archived, each with its perks, member count, Edit and Archive. */
export function TiersList({ tiers }: { tiers: TierOutput[] }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const [editing, setEditing] = useState<TierOutput | null>(null);
  const [archiving, setArchiving] = useState<TierOutput | null>(null);
  const archive = trpc.memberships.archiveTier.useMutation({
    onSuccess: async (tier) => {
      const name = tier.name;
      toast.success(t`${name} archived`);
      setArchiving(null);
      await utils.memberships.invalidate();
    },
    onError: (error) => toast.error(failureMessage(error)),
  });

  const archivingName = archiving?.name ?? '';
  return (
    <>
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label={t`Tiers`}>
        {tiers.map((tier) => {
          const perks = perksOf(tier);
          const name = tier.name;
          const archivedDay = formatDay(tier.archivedAt);
          return (
            <li key={tier.id} className={`flex flex-col rounded-lg border bg-white ${tier.archivedAt ? 'border-dashed border-slate-300' : 'border-slate-200'}`} data-testid="tier-card" aria-label={tier.name}>
              <div className="space-y-2 p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h3 className={`text-lg font-semibold ${tier.archivedAt ? 'text-slate-500' : 'text-slate-900'}`}>{tier.name}</h3>
                  {tier.archivedAt && (
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600" title={t`Archived ${archivedDay}`}>
                      <Trans>Archived</Trans>
                    </span>
                  )}
                </div>
                <p className="text-sm text-slate-700">
                  <span className="text-xl font-bold text-slate-900 tabular-nums" data-testid="tier-price">
                    {money(tier.priceCents)}
                  </span>{' '}
                  <Trans>a month</Trans> · <Plural value={tier.activeMembers} one="# member" other="# members" />
                </p>
                {tier.description && <p className="text-sm whitespace-pre-line text-slate-600">{tier.description}</p>}
                {perks.length > 0 ? (
                  <ul className="space-y-1 text-sm text-slate-700" aria-label={t`Perks of ${name}`}>
                    {perks.map((perk) => (
                      <li key={perk.text} className="flex gap-2">
                        <perk.icon className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
                        {perk.text}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-sm text-amber-700">
                    <Trans>No perks yet: edit the tier to choose what members get.</Trans>
                  </p>
                )}
                {tier.archivedAt && (
                  <p className="text-xs text-slate-500">
                    <Trans>Takes no new members. Its members keep it until they cancel.</Trans>
                  </p>
                )}
              </div>
              <div className="mt-auto flex gap-2 border-t border-slate-100 p-3">
                <Button size="sm" variant="secondary" onClick={() => setEditing(tier)} aria-label={t`Edit ${name}`}>
                  <Pencil className="size-4" aria-hidden /> <Trans>Edit</Trans>
                </Button>
                {!tier.archivedAt && (
                  <Button size="sm" variant="ghost" onClick={() => setArchiving(tier)} aria-label={t`Archive ${name}`}>
                    <Archive className="size-4" aria-hidden /> <Trans>Archive</Trans>
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {editing && <TierFormDialog open onOpenChange={(open) => !open && setEditing(null)} tier={editing} />}
      <ConfirmDialog
        open={!!archiving}
        onOpenChange={(open) => !open && setArchiving(null)}
        title={archiving ? t`Archive ${archivingName}?` : t`Archive tier?`}
        description={
          archiving && (
            <p>
              {archiving.activeMembers > 0 ? (
                <Plural
                  value={archiving.activeMembers}
                  one="The tier takes no new members and leaves your creator page. Its # member keeps their membership, perks and price until they cancel. An archived tier cannot be reopened."
                  other="The tier takes no new members and leaves your creator page. Its # members keep their membership, perks and price until they cancel. An archived tier cannot be reopened."
                />
              ) : (
                <Trans>
                  The tier takes no new members and leaves your creator page. Anyone who joined keeps their membership, perks and price until they cancel. An archived tier
                  cannot be reopened.
                </Trans>
              )}
            </p>
          )
        }
        confirmLabel={t`Archive tier`}
        destructive
        busy={archive.isPending}
        onConfirm={() => archiving && archive.mutate({ id: archiving.id })}
      />
    </>
  );
}
