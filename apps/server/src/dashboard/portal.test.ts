/**
 * The dashboard on a white-label portal's domain (issue 50): it goes by the account's name in
 * place of the platform's, and its sign-in accepts only that account's users: another account's
 * user is answered exactly as a wrong password, and another account's session is not taken there.
 * Its people are invited to the portal: the links of the admin command, of Settings → Users and of
 * the email are the portal's, and the email goes by the account's name alone.
 * Over the real server, the portal being a Host header (`hostRequest`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { makeUser, signInHttp, type TestUser } from '../../test/support/browser.js';
import { hostRequest } from '../../test/support/host-request.js';
import { mailTo } from '../../test/support/mail-files.js';

const PORTAL = 'Labels.Portal-A.example';

/** The session cookie after signing in through the sign-in form on `host`, or the refusal's status and text. */
async function signInOn(server: TestServer, host: string, user: TestUser): Promise<{ status: number; cookie: string | null; text: string }> {
  const form = await hostRequest(server.url, '/dashboard/sign-in', { host });
  const pre = /ddex_sign_in=([^;]+)/.exec(form.headers.getSetCookie().join('\n'))?.[1];
  const token = /name="_csrf" value="([^"]+)"/.exec(await form.text())?.[1];
  expect(pre && token, 'the sign-in form gave its token').toBeTruthy();
  const answer = await hostRequest(server.url, '/dashboard/sign-in', {
    host,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `ddex_sign_in=${pre}` },
    body: new URLSearchParams({ _csrf: token!, email: user.email, password: user.password }).toString(),
  });
  const session = /ddex_session=([^;]+)/.exec(answer.headers.getSetCookie().join('\n'))?.[1];
  return { status: answer.status, cookie: session ? `ddex_session=${session}` : null, text: await answer.text() };
}

const brandIn = (page: string) => /class="brand"[^>]*>([^<]*)</.exec(page)?.[1];
const titleIn = (page: string) => /<title>([^<]*)<\/title>/.exec(page)?.[1];

describe.each(backends())('the dashboard on a white-label portal domain ($name)', (backend) => {
  let server: TestServer;
  let a: Awaited<ReturnType<typeof setUpAccount>>;
  let b: Awaited<ReturnType<typeof setUpAccount>>;
  let userA: TestUser;
  let userB: TestUser;
  const platformHost = () => new URL(server.url).host;

  beforeAll(async () => {
    server = await TestServer.start(backend);
    a = await setUpAccount(server, { name: 'Harbour Records Portal', scopes: ['ddex:validate'] });
    b = await setUpAccount(server, { name: 'Other Label', scopes: ['ddex:validate'] });
    await server.admin('account', 'domain', 'add', '--account', String(a.accountId), '--domain', PORTAL.toLowerCase());
    userA = await makeUser(server, a.accountId);
    userB = await makeUser(server, b.accountId);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("goes by the account's name on its portal and by the platform's elsewhere", async () => {
    const onPortal = await (await hostRequest(server.url, '/dashboard/sign-in', { host: `${PORTAL}:443` })).text();
    expect(brandIn(onPortal)).toBe('Harbour Records Portal');
    expect(titleIn(onPortal)).toMatch(/· Harbour Records Portal$/);
    expect(onPortal).not.toContain('ddex-check');
    const onPlatform = await (await hostRequest(server.url, '/dashboard/sign-in', { host: platformHost() })).text();
    expect(brandIn(onPlatform)).toBe('ddex-check');

    const signedIn = await signInOn(server, PORTAL, userA);
    expect(signedIn.status).toBe(303);
    const home = await hostRequest(server.url, '/dashboard', { host: PORTAL, headers: { cookie: signedIn.cookie! } });
    expect(home.status).toBe(200);
    const page = await home.text();
    expect(brandIn(page)).toBe('Harbour Records Portal');
    expect(page).toContain(userA.email);
  });

  it("accepts only the portal account's users, answering another's as a wrong password", async () => {
    const wrongPassword = await signInOn(server, PORTAL, { ...userA, password: 'not the password at all' });
    const otherAccount = await signInOn(server, PORTAL, userB);
    expect(otherAccount.status).toBe(401);
    expect(otherAccount.cookie).toBeNull();
    expect(otherAccount.status).toBe(wrongPassword.status);
    const errorOf = (text: string) => /role="alert">([^<]*)</.exec(text)?.[1];
    expect(errorOf(otherAccount.text)).toBe(errorOf(wrongPassword.text));
    expect(errorOf(otherAccount.text)).toContain('do not match a user');

    // The same user signs in on the platform's host as before.
    expect((await signInOn(server, platformHost(), userB)).status).toBe(303);
  });

  it("does not take another account's session on the portal", async () => {
    const platformSession = await signInHttp(server, userB);
    expect((await platformSession.fetch('/dashboard')).status).toBe(200);
    const onPortal = await hostRequest(server.url, '/dashboard', { host: PORTAL, headers: { cookie: platformSession.cookie } });
    expect(onPortal.status).not.toBe(200);
    expect(await onPortal.text()).not.toContain(userB.email);
    // The portal account's own session made on the platform's host is still its own.
    const own = await signInHttp(server, userA);
    expect((await hostRequest(server.url, '/dashboard', { host: PORTAL, headers: { cookie: own.cookie } })).status).toBe(200);
  });

  it('invites its people to the portal: the admin command, Settings → Users and the email give the portal’s link', async () => {
    const portal = PORTAL.toLowerCase();
    const printed = await server.admin<{ link: string }>('user', 'invite', '--account', String(a.accountId), '--email', `first-${Date.now()}@example.com`);
    expect(new URL(printed.link).hostname).toBe(portal);
    expect((await hostRequest(server.url, new URL(printed.link).pathname, { host: portal })).status).toBe(200);

    const session = await signInOn(server, portal, userA);
    const form = await (await hostRequest(server.url, '/dashboard/settings/users', { host: portal, headers: { cookie: session.cookie! } })).text();
    const csrf = /name="_csrf" value="([^"]+)"/.exec(form)?.[1];
    const colleague = `colleague-${Date.now()}@example.com`;
    const invited = await hostRequest(server.url, '/dashboard/settings/users', {
      host: portal,
      method: 'POST',
      headers: { cookie: session.cookie!, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf: csrf!, email: colleague }).toString(),
    });
    expect(invited.status).toBe(201);
    const shown = /id="invite-link"[^>]*>\s*([^<\s]+)/.exec(await invited.text())?.[1];
    expect(new URL(shown!).hostname).toBe(portal);
    const mail = await mailTo(server.dataDir, colleague);
    expect(mail).toContain(shown!);
    expect(mail).toContain('Subject: You are invited to the Harbour Records Portal dashboard');
    // Sent in the account's name, from the operator's address (SMTP_FROM); no word of the platform's.
    expect(mail).toMatch(/^From: Harbour Records Portal </m);
    const [headers, ...body] = mail.split(/\r?\n\r?\n/);
    expect(/^Subject: .*$/m.exec(headers!)?.[0]).not.toContain('ddex-check');
    expect(body.join('\n')).not.toContain('ddex-check');

    // The colleague sets a password through the link, on the portal, and signs in there.
    const password = 'a long enough passphrase 42';
    const set = await hostRequest(server.url, new URL(shown!).pathname, { host: portal, method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ password, confirm: password }).toString() });
    expect(set.status).toBeLessThan(400);
    expect((await signInOn(server, portal, { email: colleague, password } as TestUser)).status).toBe(303);
  });

  it('still gives the platform’s link to an account without a portal', async () => {
    const printed = await server.admin<{ link: string }>('user', 'invite', '--account', String(b.accountId), '--email', `plain-${Date.now()}@example.com`);
    expect(new URL(printed.link).hostname).not.toBe(PORTAL.toLowerCase());
    expect(new URL(printed.link).pathname).toMatch(/^\/dashboard\/invite\/[\w-]{43}$/);
  });
});
