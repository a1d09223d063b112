import { useState, type KeyboardEvent } from 'react';
import { SendHorizontal } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { chatLimits } from '@server/domains/chat/chat.schemas';
import { Button } from '@web/components/button';

/** The message input: Enter sends (Shift+Enter for a new line); the text stays when sending fails. */
export function ChatComposer({ onSend, disabled }: { onSend: (text: string) => Promise<void>; disabled?: boolean }) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const trimmed = text.trim();

  const send = async () => {
    if (!trimmed || sending || disabled) return;
    setSending(true);
    setProblem(null);
    try {
      await onSend(trimmed);
      setText('');
    } catch (error) {
      // Send failures are only logged (platform.md §8); the chat's own rules (rate limit, ban) get a short hint.
      console.warn('chat message not sent', error);
      setProblem(error instanceof Error && error.message ? error.message : t`Message not sent`);
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <div className="border-t border-slate-200 p-3">
      <div className="flex items-end gap-2">
        <label htmlFor="live-chat-message" className="sr-only">
          <Trans>Message</Trans>
        </label>
        <textarea
          id="live-chat-message"
          rows={1}
          value={text}
          maxLength={chatLimits.maxTextLength}
          disabled={disabled}
          placeholder={t`Type a message and press Enter`}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          className="max-h-28 min-h-10 flex-1 resize-none rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 disabled:bg-slate-100"
        />
        <Button onClick={() => void send()} disabled={!trimmed || disabled} busy={sending} aria-label={t`Send message`} className="shrink-0 px-3">
          <SendHorizontal className="size-4 rtl:-scale-x-100" aria-hidden />
        </Button>
      </div>
      <div className="mt-1 flex justify-between gap-2 text-xs">
        <span role={problem ? 'alert' : undefined} className="text-red-600">
          {problem}
        </span>
        {text.length > chatLimits.maxTextLength - 50 && (
          <span className="text-slate-500" dir="ltr">
            {text.length}/{chatLimits.maxTextLength}
          </span>
        )}
      </div>
    </div>
  );
}
