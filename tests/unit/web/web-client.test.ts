import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@server/domains/users/users.schemas';
import { useSession } from '@web/lib/session-store';
import { guestTrpc, sessionTrpc, tokenTrpc, viewerTrpc } from '@web/lib/trpc';
import { ApiError, upload } from '@web/lib/upload';
import { useViewer } from '@web/lib/viewer-session';

const user: SessionUser = {
  id: 'user-1',
  role: ['dj'],
  displayName: 'Mara Q',
  firstName: 'Mara',
  lastName: 'Q',
  email: 'mara@example.test',
  imageUrl: null,
  description: '',
  subdomain: 'mara',
  isActive: true,
  hasUnpaidInvoices: 'false',
  pdfUrl: null,
  shortcuts: [],
  pendingPayment: false,
  locale: null,
};

interface Request {
  paths: string[];
  authorization: string | null;
  batched: boolean;
}

type Answer = { status: number; body?: unknown } | 'offline';

let requests: Request[] = [];
/** What the fake server answers each procedure; everything else succeeds with null. */
let answers: Record<string, Answer> = {};

const failure = (status: number, message: string) => ({ status, body: { error: { message, code: -32001, data: { httpStatus: status } } } });

function answerOf(path: string): { status: number; body: unknown } {
  const answer = answers[path] ?? { status: 200, body: { result: { data: null } } };
  if (answer === 'offline') throw new TypeError('Failed to fetch');
  return { status: answer.status, body: answer.body };
}

async function fakeFetch(input: string | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://cuepoint.test');
  const paths = url.pathname.replace(/^\/trpc\//, '').split(',');
  const batched = url.searchParams.has('batch');
  requests.push({ paths, authorization: new Headers(init?.headers).get('authorization'), batched });
  const answered = paths.map(answerOf);
  const status = answered.length === 1 ? answered[0]!.status : 207;
  return new Response(JSON.stringify(batched ? answered.map((one) => one.body) : answered[0]!.body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  requests = [];
  answers = {};
  vi.stubGlobal('fetch', fakeFetch);
  useSession.getState().setSession({ token: 'creator-token', user });
  useViewer.getState().signIn({ token: 'viewer-token', user: { ...user, id: 'viewer-1', role: ['viewer'] } });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().logout();
  useViewer.getState().signOut();
});

describe('the one tRPC client of the web app', () => {
  it('sends each call with the token of whom it acts for, and never batches the creator and the viewer together', async () => {
    await Promise.all([
      sessionTrpc.terms.current.query(),
      sessionTrpc.system.publicConfig.query(),
      viewerTrpc.events.checkHasPermission.query({ userId: 'viewer-1' }),
      guestTrpc.users.login.mutate({ userName: 'mara@example.test', password: 'secret-secret' }),
      tokenTrpc('handed-back-token').users.alive.query(),
    ]);
    const sentWith = (authorization: string | null) => requests.filter((request) => request.authorization === authorization);
    expect(sentWith('Bearer creator-token')).toEqual([{ paths: ['terms.current', 'system.publicConfig'], authorization: 'Bearer creator-token', batched: true }]);
    expect(sentWith('Bearer viewer-token')).toEqual([{ paths: ['events.checkHasPermission'], authorization: 'Bearer viewer-token', batched: true }]);
    expect(sentWith(null)).toEqual([{ paths: ['users.login'], authorization: null, batched: false }]);
    expect(sentWith('Bearer handed-back-token')).toEqual([{ paths: ['users.alive'], authorization: 'Bearer handed-back-token', batched: false }]);
    expect(requests).toHaveLength(4);
  });

  it('a 401 ends the session whose token the call carried, and only that one', async () => {
    answers['terms.current'] = failure(401, 'Invalid access_token');
    await expect(sessionTrpc.terms.current.query()).rejects.toThrow('Invalid access_token');
    expect(useSession.getState().token).toBeNull();
    expect(useViewer.getState().token).toBe('viewer-token');

    answers['events.checkHasPermission'] = failure(403, 'Forbidden');
    answers['users.alive'] = failure(401, 'Invalid access_token');
    await expect(viewerTrpc.users.alive.query()).rejects.toThrow();
    expect(useViewer.getState()).toMatchObject({ token: null, user: null, permissionIds: [] });
  });

  it('a network error, a 5xx or a 429 keeps the session; so does a proxy answering 503 in its own words', async () => {
    answers['terms.current'] = 'offline';
    await expect(sessionTrpc.terms.current.query()).rejects.toThrow();
    answers['terms.current'] = failure(500, 'Unexpected error. Please try again.');
    await expect(sessionTrpc.terms.current.query()).rejects.toThrow();
    answers['terms.current'] = failure(429, 'Too many attempts. Please wait a minute and try again.');
    await expect(sessionTrpc.terms.current.query()).rejects.toThrow();
    answers['users.alive'] = { status: 503, body: { message: 'Service Unavailable' } };
    await expect(tokenTrpc('creator-token').users.alive.query()).rejects.toThrow();
    expect(useSession.getState().token).toBe('creator-token');

    // The same proxy's plain 401 still counts as a 401.
    answers['users.alive'] = { status: 401, body: { message: 'Invalid access_token' } };
    await expect(tokenTrpc('creator-token').users.alive.query()).rejects.toThrow();
    expect(useSession.getState().token).toBeNull();
  });

  it("a 401 to a sign-in or to the permission check ends nothing; nor does one to a token that is no session's", async () => {
    answers['users.login'] = failure(401, 'Invalid email/password');
    await expect(sessionTrpc.users.login.mutate({ userName: 'mara@example.test', password: 'wrong-password' })).rejects.toThrow();
    answers['events.checkHasPermission'] = failure(401, 'Invalid access_token');
    await expect(viewerTrpc.events.checkHasPermission.query({ userId: 'viewer-1' })).rejects.toThrow();
    answers['users.alive'] = failure(401, 'Invalid access_token');
    await expect(tokenTrpc('an-old-admin-token').users.alive.query()).rejects.toThrow();
    expect(useSession.getState().token).toBe('creator-token');
    expect(useViewer.getState().token).toBe('viewer-token');
  });

  it('a 401 the server words as "access_token expired" signs out saying so', async () => {
    const logout = vi.spyOn(useSession.getState(), 'logout');
    answers['terms.current'] = failure(401, 'access_token expired');
    await expect(sessionTrpc.terms.current.query()).rejects.toThrow();
    expect(logout).toHaveBeenCalledWith('access_token expired');
    expect(useSession.getState().token).toBeNull();
  });
});

/** Just enough of XMLHttpRequest for `upload`: answers the given status and body once the form is sent. */
function fakeXhr(status: number, body: unknown, seen: { authorization?: string }) {
  return class {
    status = 0;
    responseText = '';
    upload = {};
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open() {}
    setRequestHeader(name: string, value: string) {
      if (name === 'authorization') seen.authorization = value;
    }
    send() {
      setTimeout(() => {
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      });
    }
  };
}

describe('uploads follow the same rule', () => {
  it('an upload acting as the viewer carries the viewer token, and its 401 signs the viewer out', async () => {
    const seen: { authorization?: string } = {};
    vi.stubGlobal('XMLHttpRequest', fakeXhr(401, { message: 'Invalid access_token' }, seen));
    const failed = await upload('/api/user/viewer-1', new FormData(), { actingAs: 'viewer' }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ApiError);
    expect(failed).toMatchObject({ status: 401, message: 'Invalid access_token' });
    expect(seen.authorization).toBe('Bearer viewer-token');
    expect(useViewer.getState().token).toBeNull();
    expect(useSession.getState().token).toBe('creator-token');
  });

  it("an upload acts as the session by default; a 5xx keeps it and shows no server detail", async () => {
    const seen: { authorization?: string } = {};
    vi.stubGlobal('XMLHttpRequest', fakeXhr(500, { message: 'stack trace' }, seen));
    await expect(upload('/api/termsConditions', new FormData())).rejects.toMatchObject({ status: 500, message: 'Unexpected error. Please try again.' });
    expect(seen.authorization).toBe('Bearer creator-token');
    expect(useSession.getState().token).toBe('creator-token');

    vi.stubGlobal('XMLHttpRequest', fakeXhr(401, { message: 'Invalid access_token' }, seen));
    await expect(upload('/api/termsConditions', new FormData())).rejects.toMatchObject({ status: 401 });
    expect(useSession.getState().token).toBeNull();
  });
});
