import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from './i18n/i18n';

const roleLabels: Record<string, MessageDescriptor> = { admin: msg`Admin`, dj: msg`Creator`, staff: msg`Staff`, user: msg`User`, viewer: msg`Viewer` };

/** How a role id reads on screen ("dj" is a creator), in the active language. */
export function roleLabel(role: string): string {
  const label = roleLabels[role];
  return label ? i18n._(label) : role;
}
