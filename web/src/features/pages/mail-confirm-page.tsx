import { Link } from 'wouter';
import { MailCheck } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CenteredAuthFrame, linkClasses } from './auth-frames';

/** "Check your inbox" after signing up. */
export function MailConfirmPage() {
  const { t } = useLingui();
  return (
    <CenteredAuthFrame title={t`Confirm your email address!`}>
      <div className="flex flex-col items-center gap-4 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-brand-50">
          <MailCheck className="size-8 text-brand-600" aria-hidden />
        </span>
        <p className="text-slate-700">
          <Trans>A confirmation email has been sent. Check your inbox and click the link in the email to confirm your email address.</Trans>
        </p>
        <Link href="/login" className={linkClasses}>
          <Trans>Go back to login</Trans>
        </Link>
      </div>
    </CenteredAuthFrame>
  );
}
