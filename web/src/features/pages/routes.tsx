import type { PageRoute } from '@web/app/route-types';
import { TermsPage } from '@web/features/terms/terms-page';
import { Error404Page, Error500Page, MaintenancePage, PrivacyPolicyPage } from './error-pages';
import { ForgotPassword2Page, ForgotPasswordPage } from './forgot-password-page';
import { LockPage } from './lock-page';
import { LoginDemo2Page, LoginDemoPage } from './login-demo-page';
import { MailConfirmPage } from './mail-confirm-page';
import { ProfilePage } from './profile-page';
import { RegisterDemo2Page, RegisterDemoPage } from './register-demo-page';
import { ResetPassword2Page, ResetPasswordPage } from './reset-password-page';
import { AdminRoleExamplePage, GuestRoleExamplePage, StaffRoleExamplePage } from './role-example-pages';

const guestsOnly: string[] = [];
/** Everyone with a dashboard account (viewers sign in on the event pages only). */
const signedIn = ['admin', 'dj', 'staff', 'user'];

/**
 * Pages of the `pages` feature (auth demo pages, errors, maintenance, profile, legal) and the public terms page
 * (platform.md §2; the admin terms page is in the app's table). `roles`: undefined = anyone, [] = guests only.
 */
export const pageRoutes: PageRoute[] = [
  { path: '/pages/auth/forgot-password', component: ForgotPasswordPage, roles: guestsOnly, layout: 'empty' },
  { path: '/pages/auth/forgot-password-2', component: ForgotPassword2Page, layout: 'empty' },
  { path: '/pages/auth/reset-password', component: ResetPasswordPage, roles: guestsOnly, layout: 'empty' },
  { path: '/pages/auth/reset-password-2', component: ResetPassword2Page, layout: 'empty' },
  { path: '/pages/auth/login', component: LoginDemoPage, layout: 'empty' },
  { path: '/pages/auth/login-2', component: LoginDemo2Page, layout: 'empty' },
  { path: '/pages/auth/register', component: RegisterDemoPage, layout: 'empty' },
  { path: '/pages/auth/register-2', component: RegisterDemo2Page, layout: 'empty' },
  { path: '/pages/auth/lock', component: LockPage, roles: signedIn, layout: 'empty' },
  { path: '/pages/auth/mail-confirm', component: MailConfirmPage, layout: 'empty' },

  { path: '/pages/errors/error-404', component: Error404Page, layout: 'empty' },
  { path: '/pages/errors/error-500', component: Error500Page, layout: 'empty' },
  { path: '/pages/maintenance', component: MaintenancePage, layout: 'empty' },
  { path: '/pages/profile', component: ProfilePage, roles: signedIn, layout: 'default' },

  { path: '/privacy-policy', component: PrivacyPolicyPage, layout: 'empty' },
  { path: '/terms-and-conditions', component: TermsPage, layout: 'empty' },

  { path: '/auth/admin-role-example', component: AdminRoleExamplePage, roles: ['admin'], layout: 'default' },
  { path: '/auth/staff-role-example', component: StaffRoleExamplePage, roles: ['admin', 'staff'], layout: 'default' },
  { path: '/auth/guest-role-example', component: GuestRoleExamplePage, roles: guestsOnly, layout: 'default' },
];
