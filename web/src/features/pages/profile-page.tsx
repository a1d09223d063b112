import { lazy, Suspense } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Spinner } from '@web/components/spinner';

/** The social profile loads in its own chunk, so the shell's first load does not carry it. */
const SocialProfile = lazy(() => import('./social-profile'));

/** /pages/profile: the sample social profile (timeline, photos and videos, about) with the signed-in user's header. */
export function ProfilePage() {
  const { t } = useLingui();
  return (
    <Suspense fallback={<Spinner label={t`Loading the profile`} className="py-20" />}>
      <SocialProfile />
    </Suspense>
  );
}
