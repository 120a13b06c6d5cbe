/**
 * The dashboard's defences over real HTTP (issue 43): the public API stays key-only (a session
 * cookie never authenticates /v1 or /api/v1; CORS there never allows credentials), CSRF refusals
 * (no token, a wrong one, another origin, the sign-in form's own token), the sign-in lockout per
 * email and per address (shared through the database), the cookie's flags, session expiry (idle
 * and absolute), a removed user signed out at once, and invitation links (single use, 7 days).
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { invitePath, makeUser, signInHttp, type HttpSession } from '../../test/support/browser.js';

const formBody = (fields: Record<string, string>) => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });

/** A sign-in attempt as a browser makes it (the form's token and cookie), from `address` as X-Forwarded-For is not trusted: the address is the socket's. */
async function attempt(server: TestServer, email: string, password: string): Promise<Response> {
  const page = await server.fetch('/dashboard/sign-in');
  const pre = /ddex_sign_in=([^;]+)/.exec(page.headers.getSetCookie().join('\n'))![1];
  const token = /name="_csrf" value="([^"]+)"/.exec(await page.text())![1];
  return server.fetch('/dashboard/sign-in', { method: 'POST', redirect: 'manual', ...formBody({ _csrf: token, email, password }), headers: { ...formBody({}).headers, cookie: `ddex_sign_in=${pre}` } });
}

/** A request with a Host header of our choosing (fetch does not let one set Host). */
function getWithHost(url: string, host: string): Promise<{ status: number; setCookie: string[] }> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers: { host } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, setCookie: res.headers['set-cookie'] ?? [] }));
    }).on('error', reject);
  });
}

describe.each(backends())('dashboard security ($name)', (backend) => {
  let server: TestServer;
  let account: Awaited<ReturnType<typeof setUpAccount>>;
  beforeAll(async () => {
    server = await TestServer.start(backend);
    account = await setUpAccount(server, { scopes: ['ddex:write', 'members:read'] });
  }, 60_000);
  afterAll(async () => {
    server.moveClock(0);
    await server?.stop();
  });

  it('never lets a session cookie authenticate /v1 or /api/v1, and CORS there never allows credentials', async () => {
    const user = await makeUser(server, account.accountId);
    const session = await signInHttp(server, user);
    expect((await session.fetch('/dashboard')).status).toBe(200);
    for (const path of ['/v1/me', '/api/v1/me', '/v1/members', '/api/v1/members']) {
      const response = await session.fetch(path, { headers: { origin: server.url } });
      expect(response.status, path).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'unauthenticated' });
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    }
    // The cookie next to a key changes nothing: the key is the caller.
    const both = await session.fetch('/v1/me', { headers: bearer(account.key) });
    expect(both.status).toBe(200);
    const preflight = await server.fetch('/v1/me', { method: 'OPTIONS', headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('refuses a state change without the session CSRF token, with a wrong one, or from another origin', async () => {
    const user = await makeUser(server, account.accountId);
    const session = await signInHttp(server, user);
    const signOut = (init: RequestInit & { csrf?: boolean }) => session.fetch('/dashboard/sign-out', { method: 'POST', ...init });

    for (const [what, init] of [
      ['no token', formBody({})],
      ['a wrong token', formBody({ _csrf: 'x'.repeat(43) })],
      ['another session’s token', formBody({ _csrf: (await signInHttp(server, user)).csrf })],
      ['the token, from another origin', { ...formBody({ _csrf: session.csrf }), headers: { ...formBody({}).headers, origin: 'https://evil.example' } }],
      ['a fetch call without the header', { headers: { 'content-type': 'application/json', accept: 'application/json' }, body: '{}' }],
    ] as const) {
      const response = await signOut(init);
      expect(response.status, what).toBe(403);
      expect(await response.text(), what).toContain('Reload the page and try again.');
    }
    // Still signed in after every refusal.
    expect((await session.fetch('/dashboard')).status).toBe(200);

    // A fetch call with the header gets a JSON refusal when the header is wrong, and works when right.
    const wrongHeader = await session.fetch('/dashboard/sign-out', { method: 'POST', headers: { 'x-csrf-token': 'nope' } });
    expect(await wrongHeader.json()).toMatchObject({ code: 'csrf_refused' });
    const byHeader = await session.fetch('/dashboard/sign-out', { method: 'POST', csrf: true });
    expect(byHeader.status).toBe(303);
    expect((await session.fetch('/dashboard')).headers.get('location')).toMatch(/^\/dashboard\/sign-in\?next=/);
  });

  it('refuses a sign-in form posted without its own token (no signing a victim in to another account)', async () => {
    const user = await makeUser(server, account.accountId);
    const response = await server.fetch('/dashboard/sign-in', { method: 'POST', redirect: 'manual', ...formBody({ email: user.email, password: user.password }) });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie().some((c) => c.startsWith('ddex_session='))).toBe(false);
    expect(await response.text()).toContain('This sign-in form had expired.');
    expect((await attempt(server, user.email, user.password)).status).toBe(303);
  });

  it('locks sign-in for an email after 5 failures, even with the right password, until 15 minutes pass', async () => {
    const user = await makeUser(server, account.accountId);
    for (let i = 0; i < 5; i++) expect((await attempt(server, user.email, `wrong ${i}`)).status).toBe(401);
    const locked = await attempt(server, user.email.toUpperCase(), user.password);
    expect(locked.status).toBe(429);
    expect(await locked.text()).toMatch(/Too many failed sign-ins for this email\. Sign-in is locked until \d\d:\d\d UTC/);
    // Another email from the same address is not locked by this email's failures.
    const other = await makeUser(server, account.accountId);
    expect((await attempt(server, other.email, other.password)).status).toBe(303);
    server.moveClock(16 * 60_000);
    try {
      expect((await attempt(server, user.email, user.password)).status).toBe(303);
    } finally {
      server.moveClock(0);
    }
  });

  it('locks sign-in from an address after 20 failures, whatever the email', async () => {
    // Moved clock: this test's failures are apart from the other tests' (the window is 15 minutes).
    server.moveClock(3 * 3600_000);
    try {
      const user = await makeUser(server, account.accountId);
      for (let i = 0; i < 20; i++) expect((await attempt(server, `guess-${i}@label.test`, 'wrong password')).status).toBe(401);
      const locked = await attempt(server, user.email, user.password);
      expect(locked.status).toBe(429);
      expect(await locked.text()).toContain('Too many failed sign-ins for your network address.');
    } finally {
      server.moveClock(0);
    }
  });

  it('sets the cookie HttpOnly and SameSite=Lax, and Secure on any host that is not loopback', async () => {
    const user = await makeUser(server, account.accountId);
    const signedIn = await attempt(server, user.email, user.password);
    const cookie = signedIn.headers.getSetCookie().find((c) => c.startsWith('ddex_session='))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/; Secure/);
    const remote = await getWithHost(`${server.url}/dashboard/sign-in`, 'dashboard.label.example');
    expect(remote.status).toBe(200);
    expect(remote.setCookie.join('\n')).toMatch(/ddex_sign_in=[^;]+;.*Secure/);
  });

  it('ends a session after 12 idle hours, and 7 days after sign-in however active', async () => {
    const user = await makeUser(server, account.accountId);
    const idle = await signInHttp(server, user);
    const active = await signInHttp(server, user);
    try {
      // Active every 11 hours for almost 7 days: still signed in; the idle one ended at the first step.
      for (let hours = 11; hours < 7 * 24; hours += 11) {
        server.moveClock(hours * 3600_000);
        expect((await active.fetch('/dashboard')).status, `after ${hours} h`).toBe(200);
      }
      const idleAnswer = await idle.fetch('/dashboard');
      expect(idleAnswer.status).toBe(303);
      // The ended session's cookie is cleared.
      expect(idleAnswer.headers.getSetCookie().join('\n')).toMatch(/ddex_session=;/);
      server.moveClock(7 * 24 * 3600_000 + 60_000);
      expect((await active.fetch('/dashboard')).status).toBe(303);
      expect(await (await active.fetch('/dashboard', { headers: { accept: 'application/json' } })).json()).toMatchObject({ code: 'session_ended', error: 'Your session expired; sign in again.' });
    } finally {
      server.moveClock(0);
    }
  });

  it('ends every session of a removed user at once', async () => {
    const user = await makeUser(server, account.accountId);
    const sessions: HttpSession[] = [await signInHttp(server, user), await signInHttp(server, user)];
    for (const s of sessions) expect((await s.fetch('/dashboard')).status).toBe(200);
    expect(await server.admin('user', 'remove', '--account', String(account.accountId), '--id', String(user.id))).toEqual({ id: user.id, removed: true });
    for (const s of sessions) expect((await s.fetch('/dashboard')).status).toBe(303);
    expect((await attempt(server, user.email, user.password)).status).toBe(401);
    // Removing from another account is refused, naming what is wrong.
    const other = await setUpAccount(server);
    const stranger = await makeUser(server, other.accountId);
    await expect(server.admin('user', 'remove', '--account', String(account.accountId), '--id', String(stranger.id))).rejects.toThrow(`no user ${stranger.id} in account ${account.accountId}`);
  });

  it('gives invitation links that work once, for 7 days, and refuses an email already taken', async () => {
    const email = `late-${backend.name}@label.test`;
    const invited = await server.admin<{ link: string }>('user', 'invite', '--account', String(account.accountId), '--email', email);
    server.moveClock(7 * 86_400_000 + 60_000);
    try {
      const expired = await server.fetch(invitePath(invited.link));
      expect(expired.status).toBe(410);
      expect(await expired.text()).toContain('This invitation has expired');
    } finally {
      server.moveClock(0);
    }
    // A new invitation replaces the old link.
    const again = await server.admin<{ link: string }>('user', 'invite', '--account', String(account.accountId), '--email', email.toUpperCase());
    expect((await server.fetch(invitePath(invited.link))).status).toBe(410);
    const setTwice = async () => server.fetch(invitePath(again.link), { method: 'POST', ...formBody({ password: 'long enough password', confirm: 'long enough password' }) });
    expect((await setTwice()).status).toBe(200);
    expect((await setTwice()).status).toBe(410);
    expect((await server.fetch('/dashboard/invite/not-a-real-token-at-all-1234')).status).toBe(404);
    const other = await setUpAccount(server);
    await expect(server.admin('user', 'invite', '--account', String(other.accountId), '--email', email)).rejects.toThrow(`${email} is a user of another account.`);
    await expect(server.admin('user', 'invite', '--account', String(account.accountId), '--email', 'not an email')).rejects.toThrow('"not an email" is not an email address.');
    // A password too short, or not repeated, is refused on the page and the link stays usable.
    const third = await server.admin<{ link: string }>('user', 'invite', '--account', String(account.accountId), '--email', `third-${backend.name}@label.test`);
    const short = await server.fetch(invitePath(third.link), { method: 'POST', ...formBody({ password: 'short', confirm: 'short' }) });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain('The password must have 10 to 1024 characters.');
    const mismatch = await server.fetch(invitePath(third.link), { method: 'POST', ...formBody({ password: 'long enough password', confirm: 'long enough passwort' }) });
    expect(await mismatch.text()).toContain('The two passwords are not the same.');
    expect((await server.fetch(invitePath(third.link))).status).toBe(200);
  });
});
