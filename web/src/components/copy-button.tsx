import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react/macro';
import { Button } from './button';

/** Copies a value to the clipboard and says so. */
export function CopyButton({ value, label, size = 'sm' }: { value: string; label?: string; size?: 'sm' | 'md' }) {
  const { t } = useLingui();
  const shownLabel = label ?? t`Copy`;
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error(t`Copying is not allowed here: select the text and copy it yourself.`);
    }
  };
  return (
    <Button variant="secondary" size={size} onClick={() => void copy()} aria-label={shownLabel}>
      {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
      {copied ? t`Copied` : shownLabel}
    </Button>
  );
}
