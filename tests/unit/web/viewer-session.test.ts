import { beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@server/domains/users/users.schemas';
import { useViewer } from '@web/lib/viewer-session';

const user: SessionUser = {
  id: 'viewer-1',
  role: ['viewer'],
  displayName: 'Sam L',
  firstName: 'Sam',
  lastName: 'L',
  email: 'sam@example.test',
  imageUrl: null,
  description: '',
  subdomain: null,
  isActive: true,
  hasUnpaidInvoices: 'false',
  pdfUrl: null,
  shortcuts: [],
  pendingPayment: false,
  locale: null,
};

describe('viewer session store', () => {
  beforeEach(() => useViewer.getState().signOut());

  it('keeps paid event ids once each, in order', () => {
    useViewer.getState().grantEventAccess('a', 'b');
    useViewer.getState().grantEventAccess('b', 'c');
    expect(useViewer.getState().permissionIds).toEqual(['a', 'b', 'c']);
  });

  it("replaces the stored ids with the server's answer, and drops one refused event", () => {
    useViewer.getState().grantEventAccess('a', 'b', 'c');
    useViewer.getState().keepEventAccess(['a', 'c', 'd']);
    expect(useViewer.getState().permissionIds).toEqual(['a', 'c', 'd']);
    useViewer.getState().revokeEventAccess('c');
    expect(useViewer.getState().permissionIds).toEqual(['a', 'd']);
    useViewer.getState().keepEventAccess([]);
    expect(useViewer.getState().permissionIds).toEqual([]);
  });

  it('signing out forgets the viewer and their paid events', () => {
    useViewer.getState().signIn({ token: 'token-1', user });
    useViewer.getState().grantEventAccess('a');
    expect(useViewer.getState()).toMatchObject({ token: 'token-1', user: { id: 'viewer-1' } });
    useViewer.getState().signOut();
    expect(useViewer.getState()).toMatchObject({ token: null, user: null, permissionIds: [] });
  });
});
