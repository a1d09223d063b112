import { useState } from 'react';
import { toast } from 'sonner';
import { useLocation } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { useSession } from '@web/lib/session-store';
import { trpc } from '@web/lib/trpc';

/** Starts an emulation: the admin's token is kept for "Exit", the app reloads its data as the other user. */
export function useEmulate() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const [, navigate] = useLocation();
  const [emulating, setEmulating] = useState<string | null>(null);
  async function emulate(id: string) {
    setEmulating(id);
    try {
      const answer = await utils.users.emulate.fetch({ id }, { staleTime: 0, gcTime: 0 });
      useSession.getState().startEmulation(answer);
      await utils.invalidate();
      navigate('/');
    } catch {
      toast.error(t`Emulate user failed`);
    } finally {
      setEmulating(null);
    }
  }
  return { emulate, emulating };
}
