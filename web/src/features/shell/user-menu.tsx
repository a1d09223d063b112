import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { BookOpen, ChevronDown, KeyRound, KeySquare, LogIn, Webhook, LogOut, PanelRight, Rows3, Columns3, UserRound, UserPlus, Undo2, type LucideIcon } from 'lucide-react';
import { toast } from 'sonner';
import { useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { isLocale, localeNames, supportedLocales } from '@common/locales';
import { Avatar } from '@web/components/avatar';
import { useLocale } from '@web/lib/i18n/locale-store';
import { isLayoutStyle, useLayout } from '@web/lib/layout-store';
import { emulationMessages, exitEmulation } from '@web/lib/trpc';
import { roleLabel } from '@web/lib/role-labels';
import { useSession } from '@web/lib/session-store';
import { accountMenuItems, menuTitle, type AccountMenuItemId } from './navigation';

const accountMenuIcons: Record<AccountMenuItemId, LucideIcon> = {
  'change-password': KeyRound,
  profile: UserRound,
  'api-tokens': KeySquare,
  webhooks: Webhook,
  'api-docs': BookOpen,
};

const labelClasses = 'px-3 py-1 text-xs font-semibold uppercase text-slate-500';
const itemClasses =
  'flex cursor-pointer select-none items-center gap-2 rounded px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-700';

export function UserMenu() {
  const { t, i18n } = useLingui();
  const user = useSession((state) => state.user);
  const originalToken = useSession((state) => state.originalToken);
  const [, navigate] = useLocation();
  const { style, setStyle } = useLayout();
  const locale = useLocale((state) => state.locale);
  const chooseLocale = useLocale((state) => state.chooseLocale);
  const signedIn = !!user && user.role.length > 0;
  const name = user?.displayName ?? t`Guest`;
  const role = user ? user.role.map(roleLabel).join(', ') : t`Guest`;

  async function onExitEmulate() {
    try {
      await exitEmulation();
      navigate('/apps/users');
    } catch {
      toast.error(emulationMessages.exitFailed);
    }
  }

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="flex items-center gap-2 rounded-md px-2 py-1 text-start hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <Avatar name={name} imageUrl={user?.imageUrl} />
        <span className="hidden flex-col leading-tight sm:flex">
          <span className="text-sm font-semibold text-slate-900" data-testid="user-display-name">
            {name}
          </span>
          <span className="text-xs text-slate-500">{role}</span>
        </span>
        {/* Named by what it shows (the name and role, when the screen is wide enough), then what it is. */}
        <span className="sr-only">
          <Trans>User menu</Trans>
        </span>
        <ChevronDown className="size-4 text-slate-500" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 min-w-56 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          {signedIn && user ? (
            <>
              {/* Every item opens a page its reader may open: Change Password and Profile are every account's own. */}
              {accountMenuItems(user.role, user.id).map((item) => {
                const Icon = accountMenuIcons[item.id];
                return (
                  <DropdownMenu.Item key={item.id} className={itemClasses} onSelect={() => navigate(item.url)}>
                    <Icon className="size-4" aria-hidden /> {menuTitle(i18n, item)}
                  </DropdownMenu.Item>
                );
              })}
              {originalToken && (
                <DropdownMenu.Item className={itemClasses} onSelect={() => void onExitEmulate()}>
                  <Undo2 className="size-4 rtl:-scale-x-100" aria-hidden /> <Trans>Exit Emulate</Trans>
                </DropdownMenu.Item>
              )}
              <DropdownMenu.Item className={itemClasses} onSelect={() => navigate('/logout')}>
                <LogOut className="size-4 rtl:-scale-x-100" aria-hidden /> <Trans>Logout</Trans>
              </DropdownMenu.Item>
            </>
          ) : (
            <>
              <DropdownMenu.Item className={itemClasses} onSelect={() => navigate('/login')}>
                <LogIn className="size-4 rtl:-scale-x-100" aria-hidden /> <Trans>Login</Trans>
              </DropdownMenu.Item>
              <DropdownMenu.Item className={itemClasses} onSelect={() => navigate('/register')}>
                <UserPlus className="size-4" aria-hidden /> <Trans>Register</Trans>
              </DropdownMenu.Item>
            </>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Label className={labelClasses}>
            <Trans>Layout</Trans>
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={style} onValueChange={(value) => isLayoutStyle(value) && setStyle(value)}>
            <DropdownMenu.RadioItem value="vertical" className={itemClasses}>
              <Columns3 className="size-4" aria-hidden /> <Trans>Vertical navigation</Trans>
              <DropdownMenu.ItemIndicator className="ms-auto text-brand-600">●</DropdownMenu.ItemIndicator>
            </DropdownMenu.RadioItem>
            <DropdownMenu.RadioItem value="horizontal" className={itemClasses}>
              <Rows3 className="size-4" aria-hidden /> <Trans>Horizontal navigation</Trans>
              <DropdownMenu.ItemIndicator className="ms-auto text-brand-600">●</DropdownMenu.ItemIndicator>
            </DropdownMenu.RadioItem>
            <DropdownMenu.RadioItem value="boxed" className={itemClasses}>
              <PanelRight className="size-4" aria-hidden /> <Trans>Boxed, navigation on the right</Trans>
              <DropdownMenu.ItemIndicator className="ms-auto text-brand-600">●</DropdownMenu.ItemIndicator>
            </DropdownMenu.RadioItem>
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Label className={labelClasses}>
            <Trans>Language</Trans>
          </DropdownMenu.Label>
          {/* Each language named in itself, tagged with its language so screen readers pronounce it right. */}
          <DropdownMenu.RadioGroup value={locale} onValueChange={(value) => isLocale(value) && void chooseLocale(value)}>
            {supportedLocales.map((value) => (
              <DropdownMenu.RadioItem key={value} value={value} lang={value} className={itemClasses}>
                {localeNames[value]}
                <DropdownMenu.ItemIndicator className="ms-auto text-brand-600">●</DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
