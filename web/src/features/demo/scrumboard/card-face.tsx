import { CalendarClock, CheckSquare, Eye, MessageSquare, Paperclip } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { Avatar } from '@web/components/avatar';
import { cx } from '@web/components/cx';
import { formatDate } from '@web/components/datetime-local';
import { formatNumber } from '@web/lib/i18n/format';
import { checklistProgress } from './card-dialog';
import { labelClass, type Board, type Card } from './board-types';

/** What a card shows on the board (and while dragged): labels, name, due date, badges and members. */
export function CardFace({ card, board }: { card: Card; board: Board }) {
  const { t } = useLingui();
  const progress = checklistProgress(card);
  const comments = card.activities.filter((activity) => activity.type === 'comment').length;
  const labels = board.labels.filter((label) => card.idLabels.includes(label.id));
  const members = board.members.filter((member) => card.idMembers.includes(member.id));
  return (
    <>
      {labels.length > 0 && (
        <span className="mb-2 flex flex-wrap gap-1">
          {labels.map((label) => (
            <span key={label.id} className={cx('rounded px-1.5 py-0.5 text-[10px] font-semibold', labelClass(label.class))}>
              {label.name}
            </span>
          ))}
        </span>
      )}
      <span className="block text-sm font-medium text-slate-900">{card.name}</span>
      <span className="mt-2 flex flex-wrap items-center gap-3 text-xs text-slate-500">
        {card.due && (
          <span className={cx('flex items-center gap-1', new Date(card.due) < new Date() && 'text-red-600')}>
            <CalendarClock className="size-3.5" aria-hidden />
            {formatDate(card.due)}
          </span>
        )}
        {card.subscribed && <Eye className="size-3.5" aria-label={t`Subscribed`} />}
        {progress.total > 0 && (
          <span className={cx('flex items-center gap-1', progress.checked === progress.total && 'text-emerald-600')}>
            <CheckSquare className="size-3.5" aria-hidden />
            {formatNumber(progress.checked)}/{formatNumber(progress.total)}
          </span>
        )}
        {card.attachments.length > 0 && (
          <span className="flex items-center gap-1">
            <Paperclip className="size-3.5" aria-hidden />
            {formatNumber(card.attachments.length)}
          </span>
        )}
        {comments > 0 && (
          <span className="flex items-center gap-1">
            <MessageSquare className="size-3.5" aria-hidden />
            {formatNumber(comments)}
          </span>
        )}
        {members.length > 0 && (
          <span className="ms-auto flex -space-x-2">
            {members.map((member) => (
              <Avatar key={member.id} name={member.name} imageUrl={member.avatar || null} className="size-6 text-[10px] ring-2 ring-white" />
            ))}
          </span>
        )}
      </span>
    </>
  );
}
