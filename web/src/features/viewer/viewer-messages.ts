import { msg } from '@lingui/core/macro';

/** The viewer dialogs' failure texts (platform.md §8 "Viewer login"), rendered with `i18n._`. */
export const viewerMessages = {
  unexpected: msg`Unexpected error. Please try again.`,
  invalidLogin: msg`Invalid username or password`,
} as const;
