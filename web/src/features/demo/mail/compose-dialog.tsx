import { useEffect, useState } from 'react';
import { Send } from 'lucide-react';
import { toast } from 'sonner';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@web/components/button';
import { Modal } from '@web/components/modal';
import { TextAreaField } from '@web/components/textarea-field';
import { TextField } from '@web/components/text-field';
import { mailtoLink } from './mail-types';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const blank = { to: '', cc: '', subject: '', message: '' };

/** The recipients that are not email addresses (comma, semicolon or space separated). */
export function invalidRecipients(list: string): string[] {
  return list
    .split(/[,;\s]+/)
    .filter(Boolean)
    .filter((address) => !emailPattern.test(address));
}

/** Write a mail; Send hands it to the device's mail app (mailto:), since the sample mail API only reads and files mail. */
export function ComposeDialog({ open, onOpenChange, initial }: { open: boolean; onOpenChange: (open: boolean) => void; initial?: Partial<typeof blank> }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(blank);
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => {
    if (open) {
      setDraft({ ...blank, ...initial });
      setSubmitted(false);
    }
  }, [open, initial]);
  const toProblems = invalidRecipients(draft.to);
  const ccProblems = invalidRecipients(draft.cc);
  const toList = toProblems.join(', ');
  const ccList = ccProblems.join(', ');
  const toError = submitted ? (!draft.to.trim() ? t`Please enter at least one recipient` : toProblems.length ? t`Not an email address: ${toList}` : undefined) : undefined;
  const ccError = submitted && ccProblems.length ? t`Not an email address: ${ccList}` : undefined;
  function send() {
    setSubmitted(true);
    if (!draft.to.trim() || toProblems.length || ccProblems.length) return;
    window.location.href = mailtoLink(draft);
    toast.success(t`Your mail app is opening with this message`);
    onOpenChange(false);
  }
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t`New message`}
      description={t`Send opens the message in your device's mail app.`}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            <Trans>Discard</Trans>
          </Button>
          <Button onClick={send}>
            <Send className="size-4" aria-hidden />
            <Trans>Send</Trans>
          </Button>
        </>
      }
    >
      <form
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <TextField label={t`To`} value={draft.to} error={toError} onChange={(event) => setDraft({ ...draft, to: event.target.value })} placeholder="name@example.com" autoFocus />
        <TextField label={t`Cc`} value={draft.cc} error={ccError} onChange={(event) => setDraft({ ...draft, cc: event.target.value })} />
        <TextField label={t`Subject`} value={draft.subject} onChange={(event) => setDraft({ ...draft, subject: event.target.value })} maxLength={500} />
        <TextAreaField label={t`Message`} value={draft.message} rows={8} onChange={(event) => setDraft({ ...draft, message: event.target.value })} />
      </form>
    </Modal>
  );
}
