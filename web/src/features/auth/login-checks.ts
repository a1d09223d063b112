import { loginInput, type LoginInput } from '@server/domains/users/users.schemas';
import { validationText } from '@web/lib/i18n/validation-texts';

export type LoginProblems = Partial<Record<keyof LoginInput, string>>;

/**
 * What the login form needs only once someone types: the shared schema's check (its messages in the reader's
 * language) and the error texts. Loaded apart from the login page (zod is most of its weight) when the form is first
 * focused.
 */
export function loginProblems(values: LoginInput): LoginProblems {
  const checked = loginInput.safeParse(values);
  if (checked.success) return {};
  const problems: LoginProblems = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0];
    if ((field === 'userName' || field === 'password') && !problems[field]) problems[field] = validationText(issue.message);
  }
  return problems;
}

export { loginFailure } from './auth-errors';
