/**
 * Members and invitations (issue 17): GET /members, POST /members/invite, the email received by a
 * real SMTP server on loopback (smtp-server), the link followed, the member active, the link
 * refused a second time and after 7 days; scopes, errors and other accounts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { expectError, expectSchema } from '../../test/support/api-schemas.js';

interface Received {
  to: string;
  subject: string;
  text: string;
}

/** A real SMTP server on a free loopback port; each message is parsed and kept. */
/** `next(to)`: the next message to that address, leaving others in the inbox (a mail of an earlier test may arrive late). */
/** `hold(to)`: the next message to that address is received, but its sender gets no answer until `release()`. */
async function startSmtp(): Promise<{ url: string; inbox: Received[]; next(to?: string): Promise<Received>; hold(to: string): { release(): void }; close(): Promise<void> }> {
  const inbox: Received[] = [];
  const waiting: { to: string | undefined; resolve: (m: Received) => void }[] = [];
  const holds: { to: string; released: Promise<void>; release(): void }[] = [];
  const wanted = (m: Received, to: string | undefined) => to === undefined || m.to.includes(to);
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const message = { to: String((mail.to as { text?: string } | undefined)?.text ?? ''), subject: mail.subject ?? '', text: mail.text ?? '' };
          const at = waiting.findIndex((w) => wanted(message, w.to));
          if (at >= 0) waiting.splice(at, 1)[0].resolve(message);
          else inbox.push(message);
          const held = holds.findIndex((h) => message.to.includes(h.to));
          if (held >= 0) return holds.splice(held, 1)[0].released.then(() => callback());
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    next: (to) => {
      const at = inbox.findIndex((m) => wanted(m, to));
      return at >= 0 ? Promise.resolve(inbox.splice(at, 1)[0]) : new Promise((resolve) => waiting.push({ to, resolve }));
    },
    hold: (to) => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.push({ to, released, release });
      return { release };
    },
    close: () => new Promise((resolve) => smtp.close(() => resolve())),
  };
}

/** The invitation link of a mail. */
const linkOf = (mail: Received) => /(http:\/\/\S+\/invite\/[\w-]+)/.exec(mail.text)![1];

describe.each(backends())('members and invitations ($name)', (backend) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let account: Awaited<ReturnType<typeof setUpAccount>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await TestServer.start(backend, { SMTP_URL: smtp.url, DELIVERY_POLL_MS: '100' });
    account = await setUpAccount(server, { scopes: ['members:read', 'members:write'] });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const invite = (key: string, body: unknown) =>
    server.fetch('/v1/members/invite', { method: 'POST', headers: { ...bearer(key), 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const members = async (key: string, query = '') => (await server.fetch(`/v1/members${query}`, { headers: bearer(key) })).json();

  it('invites a member by email; the link sets a password once, and the member is active', async () => {
    const response = await invite(account.key, { email: 'Nova.Artist@Example.test', fname: 'Nova', lname: 'Reyes', kind: 'artist' });
    expect(response.status).toBe(201);
    const created = await response.json();
    expectSchema(created, 'invite-response.schema.json');

    const listed = await members(account.key);
    expectSchema(listed, 'members-response.schema.json');
    expect(listed.data[0]).toMatchObject({ id: created.id, email: 'Nova.Artist@Example.test', name: 'Nova Reyes', kind: 'artist', status: 'invited', releases: 0, last_login_at: null });

    const mail = await smtp.next();
    expect(mail.to.toLowerCase()).toBe('nova.artist@example.test');
    const link = linkOf(mail);
    expect(link.startsWith(server.url)).toBe(true);
    const form = await fetch(link);
    expect(form.status).toBe(200);
    expect(await form.text()).toMatch(/Set your password/);

    const tooShort = await fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'password=short' });
    expect(tooShort.status).toBe(400);
    const accepted = await fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'password=correct-horse-battery' });
    expect(accepted.status).toBe(200);
    expect((await members(account.key)).data[0]).toMatchObject({ id: created.id, status: 'active' });
    expect((await members(account.key)).data[0].last_login_at).not.toBeNull();

    // Single use: the second visit is refused.
    expect((await fetch(link)).status).toBe(410);
    expect((await fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'password=another-password-1' })).status).toBe(410);
    expect((await fetch(`${server.url}/invite/not-a-real-token-at-all-1234`)).status).toBe(404);
  });

  it('refuses a link after 7 days', async () => {
    expect((await invite(account.key, { email: 'late@example.test', fname: 'Late', kind: 'label' })).status).toBe(201);
    const link = linkOf(await smtp.next('late@example.test'));
    server.moveClock(7 * 86_400_000 + 60_000);
    try {
      expect((await fetch(link)).status).toBe(410);
      const late = await fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'password=correct-horse-battery' });
      expect(late.status).toBe(410);
      expect(await late.text()).toMatch(/expired/);
    } finally {
      server.moveClock(0);
    }
    const row = (await members(account.key)).data.find((m: { email: string }) => m.email === 'late@example.test');
    expect(row.status).toBe('invited');
  });

  it('mails the same link when the job runs again while its first mail is on its way', async () => {
    // The SMTP server keeps its answer to the first mail; meanwhile the clock passes the job's
    // lease (a minute), so the server's other job loop runs the job again. The link of the first
    // mail must keep working (a run again once made a new token and the first link answered 404).
    const held = smtp.hold('slow@example.test');
    let link: string;
    try {
      expect((await invite(account.key, { email: 'slow@example.test', fname: 'Slow', kind: 'label' })).status).toBe(201);
      link = linkOf(await smtp.next('slow@example.test'));
      server.moveClock(5 * 60_000);
      expect(linkOf(await smtp.next('slow@example.test'))).toBe(link);
    } finally {
      server.moveClock(0);
      held.release();
    }
    const form = await fetch(link);
    expect(form.status).toBe(200);
    expect(await form.text()).toMatch(/Set your password/);
  });

  it('409 exists for an email any account or member already has, compared case-insensitively', async () => {
    await expectError(await invite(account.key, { email: 'NOVA.ARTIST@example.TEST', fname: 'Again', kind: 'artist' }), 409, 'exists');
    // The partner account's own email, from another account.
    const other = await setUpAccount(server, { scopes: ['members:write', 'members:read'] });
    await expectError(await invite(other.key, { email: account.email.toUpperCase(), fname: 'X', kind: 'label' }), 409, 'exists');
  });

  it('400 invalid naming the field', async () => {
    for (const [body, field] of [
      [{ fname: 'No Email', kind: 'artist' }, 'email'],
      [{ email: 'not-an-email', fname: 'X', kind: 'artist' }, 'email'],
      [{ email: 'a@b.test', kind: 'artist' }, 'fname'],
      [{ email: 'a@b.test', fname: 'X', kind: 'band' }, 'kind'],
      [{ email: 'a@b.test', fname: 'X', kind: 'artist', admin: true }, 'admin'],
    ] as const) {
      expect(await expectError(await invite(account.key, body), 400, 'invalid')).toMatchObject({ field });
    }
    const notJson = await server.fetch('/v1/members/invite', { method: 'POST', headers: { ...bearer(account.key), 'content-type': 'application/json' }, body: '{nope' });
    expect(await expectError(notJson, 400, 'invalid')).toMatchObject({ field: 'body' });
    expect(await expectError(await server.fetch('/v1/members?kind=band', { headers: bearer(account.key) }), 400, 'invalid')).toMatchObject({ field: 'kind' });
  });

  it('lists newest first with release counts, filters by kind, and shows only the account\'s own members', async () => {
    const all = (await members(account.key)).data as { id: number; kind: string }[];
    expect(all.map((m) => m.id)).toEqual([...all.map((m) => m.id)].sort((a, b) => b - a));
    expect(all.some((m) => m.id === account.ownMemberId)).toBe(true);
    const labels = (await members(account.key, '?kind=label')).data as { kind: string }[];
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.every((m) => m.kind === 'label')).toBe(true);
    const other = await setUpAccount(server, { scopes: ['members:read'] });
    const theirs = (await members(other.key)).data as { id: number }[];
    expect(theirs.map((m) => m.id).sort()).toEqual([other.ownMemberId, other.memberId].sort());
  });

  it('checks scopes', async () => {
    const reader = await setUpAccount(server, { scopes: ['members:read'] });
    expect(await expectError(await invite(reader.key, { email: 'x@y.test', fname: 'X', kind: 'artist' }), 403, 'insufficient_scope')).toMatchObject({ scope: 'members:write' });
    const writer = await setUpAccount(server, { scopes: ['ddex:write'] });
    expect(await expectError(await server.fetch('/v1/members', { headers: bearer(writer.key) }), 403, 'insufficient_scope')).toMatchObject({ scope: 'members:read' });
  });
});
