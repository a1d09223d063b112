import { zodResolver } from '@hookform/resolvers/zod';
import { loginInput } from '@server/domains/users/users.schemas';

/**
 * What the login form needs only once someone types: the shared schema's resolver and the error texts.
 * Loaded apart from the login page (zod is most of its weight) when the form is first focused.
 */
export const loginResolver = zodResolver(loginInput);
export { loginFailure } from './auth-errors';
