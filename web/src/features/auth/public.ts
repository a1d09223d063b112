/**
 * What other features use of auth (the demo sign-in pages, the lock screen): its error texts, the registration fields and
 * the step after a sign-in. Everything else in this folder is auth's own.
 */
export { errorFields, loginErrorMessage, loginFailure, serverMessage, unexpectedError, unexpectedErrorText, viewerLoginTexts, type LoginFailure } from './auth-errors';
export { loginFields } from './login-fields';
export { RegisterFields } from './register-fields';
export { useCompleteLogin } from './use-complete-login';
export { showServerFieldErrors, useRegisterForm } from './use-register-form';
