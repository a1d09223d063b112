/** The viewer dialogs' failure texts (platform.md §8 "Viewer login"). */
export const viewerMessages = {
  unexpected: 'Unexpected error. Please try again.',
  invalidLogin: 'Invalid username or password',
} as const;
