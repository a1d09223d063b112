/** What other features use of the language feature: the language menu of the public pages. */
export { LanguageMenu } from './language-menu';
