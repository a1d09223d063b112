import { lazy, Suspense } from 'react';
import { Spinner } from '@web/components/spinner';

/** The social profile loads in its own chunk, so the shell's first load does not carry it. */
const SocialProfile = lazy(() => import('./social-profile'));

/** /pages/profile: the sample social profile (timeline, photos and videos, about) with the signed-in user's header. */
export function ProfilePage() {
  return (
    <Suspense fallback={<Spinner label="Loading the profile" className="py-20" />}>
      <SocialProfile />
    </Suspense>
  );
}
