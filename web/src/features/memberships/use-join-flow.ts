import { useEffect, useState } from 'react';
import { useViewer } from '@web/lib/viewer-session';
import type { JoinChoice } from './become-member-dialog';

/**
 * "Become a member" as the paywall asks for entry: a signed-in viewer goes straight to the card dialog; a guest is
 * asked to log in or register as a viewer first (the page's own viewer dialogs), and the card dialog opens once they
 * have. Closing the sign-in without signing in drops the choice.
 */
export function useJoinFlow({ signInOpen, requestSignIn }: { signInOpen: boolean; requestSignIn(): void }) {
  const signedIn = useViewer((state) => !!state.token);
  const [choice, setChoice] = useState<JoinChoice | null>(null);
  const [waitingForSignIn, setWaitingForSignIn] = useState(false);

  useEffect(() => {
    if (!waitingForSignIn || signInOpen) return;
    setWaitingForSignIn(false);
    if (!signedIn) setChoice(null);
  }, [waitingForSignIn, signInOpen, signedIn]);

  return {
    /** The choice whose card dialog is open. */
    open: waitingForSignIn ? null : choice,
    start(next: JoinChoice) {
      setChoice(next);
      if (signedIn) return;
      setWaitingForSignIn(true);
      requestSignIn();
    },
    close() {
      setChoice(null);
      setWaitingForSignIn(false);
    },
  };
}
