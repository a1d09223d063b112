/** What other features use of the shell: the legal links (the login page shows them under its form). */
export { LegalLinks } from './footer';
