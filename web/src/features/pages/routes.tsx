import { lazy, type ComponentType } from 'react';
import { msg } from '@lingui/core/macro';
import type { PageRoute } from '@web/lib/route-types';
import { pagesFeaturePaths } from '@common/page-paths';

/** One lazily loaded page: each module of this feature is its own chunk, fetched when its route is shown. */
function page<TModule>(load: () => Promise<TModule>, pick: (module: TModule) => ComponentType): ComponentType {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}

const errorPages = () => import('./error-pages');
const forgotPassword = () => import('./forgot-password-page');
const loginDemo = () => import('./login-demo-page');
const registerDemo = () => import('./register-demo-page');
const resetPassword = () => import('./reset-password-page');
const roleExamples = () => import('./role-example-pages');

const ForgotPasswordPage = page(forgotPassword, (module) => module.ForgotPasswordPage);
const ForgotPassword2Page = page(forgotPassword, (module) => module.ForgotPassword2Page);
const ResetPasswordPage = page(resetPassword, (module) => module.ResetPasswordPage);
const ResetPassword2Page = page(resetPassword, (module) => module.ResetPassword2Page);
const LoginDemoPage = page(loginDemo, (module) => module.LoginDemoPage);
const LoginDemo2Page = page(loginDemo, (module) => module.LoginDemo2Page);
const RegisterDemoPage = page(registerDemo, (module) => module.RegisterDemoPage);
const RegisterDemo2Page = page(registerDemo, (module) => module.RegisterDemo2Page);
const LockPage = page(() => import('./lock-page'), (module) => module.LockPage);
const MailConfirmPage = page(() => import('./mail-confirm-page'), (module) => module.MailConfirmPage);
const Error404Page = page(errorPages, (module) => module.Error404Page);
const Error500Page = page(errorPages, (module) => module.Error500Page);
const MaintenancePage = page(errorPages, (module) => module.MaintenancePage);
const PrivacyPolicyPage = page(errorPages, (module) => module.PrivacyPolicyPage);
const ProfilePage = page(() => import('./profile-page'), (module) => module.ProfilePage);
const TermsPage = page(() => import('@web/features/terms/terms-page'), (module) => module.TermsPage);
const AdminRoleExamplePage = page(roleExamples, (module) => module.AdminRoleExamplePage);
const StaffRoleExamplePage = page(roleExamples, (module) => module.StaffRoleExamplePage);
const GuestRoleExamplePage = page(roleExamples, (module) => module.GuestRoleExamplePage);

const guestsOnly: string[] = [];
/** Everyone with a dashboard account (viewers sign in on the event pages only). */
const signedIn = ['admin', 'dj', 'staff', 'user'];
/** The sample social profile reads the sample apps' data: admins and staff only (demo-apps.md §1). */
const sampleAppRoles = ['admin', 'staff', 'user'];

/**
 * Pages of the `pages` feature (auth demo pages, errors, maintenance, profile, legal) and the public terms page
 * (platform.md §2; the admin terms page is in the app's table). `roles`: undefined = anyone, [] = guests only.
 */
export const pageRoutes: PageRoute[] = [
  { path: pagesFeaturePaths.forgotPassword, component: ForgotPasswordPage, title: msg`Forgot Password`, roles: guestsOnly, layout: 'empty' },
  { path: pagesFeaturePaths.forgotPassword2, component: ForgotPassword2Page, title: msg`Forgot Password`, layout: 'empty' },
  { path: pagesFeaturePaths.resetPassword, component: ResetPasswordPage, title: msg`Reset Password`, roles: guestsOnly, layout: 'empty' },
  { path: pagesFeaturePaths.resetPassword2, component: ResetPassword2Page, title: msg`Reset Password`, layout: 'empty' },
  { path: pagesFeaturePaths.loginDemo, component: LoginDemoPage, title: msg`Sign In`, layout: 'empty' },
  { path: pagesFeaturePaths.loginDemo2, component: LoginDemo2Page, title: msg`Sign In`, layout: 'empty' },
  { path: pagesFeaturePaths.registerDemo, component: RegisterDemoPage, title: msg`Sign Up`, layout: 'empty' },
  { path: pagesFeaturePaths.registerDemo2, component: RegisterDemo2Page, title: msg`Sign Up`, layout: 'empty' },
  { path: pagesFeaturePaths.lock, component: LockPage, title: msg`Locked`, roles: signedIn, layout: 'empty' },
  { path: pagesFeaturePaths.mailConfirm, component: MailConfirmPage, title: msg`Confirm Your Email`, layout: 'empty' },

  { path: pagesFeaturePaths.error404, component: Error404Page, title: msg`Page Not Found`, layout: 'empty' },
  { path: pagesFeaturePaths.error500, component: Error500Page, title: msg`Server Error`, layout: 'empty' },
  { path: pagesFeaturePaths.maintenance, component: MaintenancePage, title: msg`Maintenance`, layout: 'empty' },
  { path: pagesFeaturePaths.profile, component: ProfilePage, title: msg`Profile`, roles: sampleAppRoles, layout: 'default' },

  { path: pagesFeaturePaths.privacyPolicy, component: PrivacyPolicyPage, title: msg`Privacy Policy`, layout: 'empty' },
  { path: pagesFeaturePaths.terms, component: TermsPage, title: msg`Terms and Conditions`, layout: 'empty' },

  { path: pagesFeaturePaths.adminRoleExample, component: AdminRoleExamplePage, title: msg`Admin Role Example`, roles: ['admin'], layout: 'default' },
  { path: pagesFeaturePaths.staffRoleExample, component: StaffRoleExamplePage, title: msg`Staff Role Example`, roles: ['admin', 'staff'], layout: 'default' },
  { path: pagesFeaturePaths.guestRoleExample, component: GuestRoleExamplePage, title: msg`Guest Role Example`, roles: guestsOnly, layout: 'default' },
];
