import { CreditCard } from 'lucide-react';
import { Link } from 'wouter';
import { EmptyState } from '@web/components/empty-state';

/** Payment, reactivation and success screens come with the payments issue; until then this says so plainly. */
export default function CheckoutPendingPage() {
  return (
    <EmptyState title="Payments are not available yet on this server" icon={<CreditCard className="size-10" aria-hidden />}>
      <p>Subscriptions cannot be paid, reactivated or confirmed here yet. Nothing has been charged.</p>
      <p className="mt-3">
        <Link href="/apps/calendar" className="font-medium text-brand-700 hover:underline">
          Go to the calendar
        </Link>
      </p>
    </EmptyState>
  );
}
