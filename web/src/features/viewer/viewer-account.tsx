import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { BadgeCheck, LogOut, UserRound } from 'lucide-react';
import { toast } from 'sonner';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { appPagePaths } from '@common/page-paths';
import { Avatar } from '@web/components/avatar';
import { Button } from '@web/components/button';
import { clearChatIdentity } from '@web/features/live-chat/public';
import { useViewer } from '@web/lib/viewer-session';
import { ViewerLoginDialog } from './viewer-login-dialog';
import { ViewerProfileDialog } from './viewer-profile-dialog';
import { ViewerRegisterDialog } from './viewer-register-dialog';

export type ViewerDialog = 'login' | 'register' | 'profile' | null;

/** The viewer's login, register and "My Profile" dialogs; which one is open is the page's state. */
export function ViewerDialogs({ dialog, onDialogChange }: { dialog: ViewerDialog; onDialogChange(dialog: ViewerDialog): void }) {
  const close = (open: boolean) => !open && onDialogChange(null);
  return (
    <>
      <ViewerLoginDialog open={dialog === 'login'} onOpenChange={close} onRegister={() => onDialogChange('register')} />
      <ViewerRegisterDialog open={dialog === 'register'} onOpenChange={close} onLogin={() => onDialogChange('login')} />
      <ViewerProfileDialog open={dialog === 'profile'} onOpenChange={close} />
    </>
  );
}

/** Login and Register buttons for a guest; the viewer's avatar menu (My Profile, My memberships, Logout) once signed in. */
export function ViewerMenu({ onDialogChange }: { onDialogChange(dialog: ViewerDialog): void }) {
  const { t } = useLingui();
  const token = useViewer((state) => state.token);
  const user = useViewer((state) => state.user);
  if (!token) {
    return (
      <div className="flex items-center gap-2">
        <Button variant="ghost" size="sm" onClick={() => onDialogChange('login')}>
          <Trans>Login</Trans>
        </Button>
        <Button size="sm" onClick={() => onDialogChange('register')}>
          <Trans>Register</Trans>
        </Button>
      </div>
    );
  }
  const name = user?.displayName ?? t`Viewer`;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="flex items-center gap-2 rounded-full p-1 pe-3 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500">
        <Avatar name={name} imageUrl={user?.imageUrl} className="size-8" />
        <span className="max-w-[10rem] truncate text-sm font-medium text-slate-800">{name}</span>
        {/* Named by what it shows, then what it is. */}
        <span className="sr-only">
          <Trans>Viewer menu</Trans>
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-40 min-w-44 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          <DropdownMenu.Item
            className="flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100"
            disabled={!user}
            onSelect={() => onDialogChange('profile')}
          >
            <UserRound className="size-4" aria-hidden />
            <Trans>My Profile</Trans>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className="flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100">
            <Link href={appPagePaths.myMemberships}>
              <BadgeCheck className="size-4" aria-hidden />
              <Trans>My memberships</Trans>
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className="flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100"
            onSelect={() => {
              useViewer.getState().signOut();
              clearChatIdentity();
              toast.success(t`You have been logged out`);
            }}
          >
            <LogOut className="size-4" aria-hidden />
            <Trans>Logout</Trans>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
