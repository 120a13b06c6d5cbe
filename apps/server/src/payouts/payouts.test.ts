/**
 * Balance and payouts (issue 18, second part): the balance's parts, two withdrawal requests at
 * once of 80% each (exactly one reserved), the staff's transitions with their events, GET /payouts.
 * Requests come from separate admin processes, truly at the same time, on every backend.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { expectError, expectSchema } from '../../test/support/api-schemas.js';

describe.each(backends())('payouts ($name)', (backend) => {
  let server: TestServer;
  let account: Awaited<ReturnType<typeof setUpAccount>>;
  beforeAll(async () => {
    server = await TestServer.start(backend);
    account = await setUpAccount(server, { scopes: ['payouts:read'] });
  });
  afterAll(() => server?.stop());

  const payouts = async (key = account.key) => {
    const response = await server.fetch('/v1/payouts', { headers: bearer(key) });
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(200);
    expectSchema(body, 'payouts-response.schema.json');
    return body;
  };
  const attempt = (...args: string[]) => server.admin('payout', ...args).then((r) => ({ ok: true as const, r }), (e) => ({ ok: false as const, e: e as { code: number; stderr: string } }));

  it('computes the balance from committed statements, adjustments, reservations and payments', async () => {
    const csv = path.join(server.dataDir, 'statement.csv');
    // Unmatched rows still earn: 3 x $10.005 = $30.015 -> 3002 cents (rounded once, half up).
    fs.writeFileSync(csv, 'store,period,upc,isrc,units,amount,currency\n' + ['spotify', 'deezer', 'tidal'].map((s) => `${s},2026-10,0000000000000,,1,10.005,USD`).join('\n') + '\n');
    const imported = await server.admin<{ statement_id: number }>('statement', 'import', '--account', String(account.accountId), '--file', csv);
    expect((await payouts()).balance.earned_cents).toBe(0);
    await server.admin('statement', 'commit', '--id', String(imported.statement_id));
    await server.admin('balance', 'adjust', '--account', String(account.accountId), '--cents', '6998', '--note', 'opening balance');
    expect((await payouts()).balance).toEqual({ currency: 'USD', earned_cents: 3002, manual_cents: 6998, reserved_cents: 0, paid_cents: 0, available_cents: 10000 });
  });

  it('reserves exactly one of two simultaneous requests of 80%', async () => {
    const [a, b] = await Promise.all([attempt('request', '--account', String(account.accountId), '--amount-cents', '8000'), attempt('request', '--account', String(account.accountId), '--amount-cents', '8000')]);
    expect([a, b].filter((x) => x.ok)).toHaveLength(1);
    const refused = [a, b].find((x) => !x.ok)!;
    expect(refused.ok ? null : refused.e.code).toBe(2);
    expect(refused.ok ? '' : refused.e.stderr).toMatch(/more than the available 2000 cents/);
    const body = await payouts();
    expect(body.balance).toMatchObject({ reserved_cents: 8000, available_cents: 2000 });
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ amount_cents: 8000, status: 'requested', approved_at: null, completed_at: null, failed_reason: null });
  });

  it('moves payouts requested -> approved -> completed, fails one with a reason, refuses illegal moves, and writes events', async () => {
    const [first] = (await payouts()).data;
    expect(await server.admin('payout', 'approve', '--id', String(first.id))).toMatchObject({ status: 'approved' });
    expect(await server.admin('payout', 'complete', '--id', String(first.id))).toMatchObject({ status: 'completed' });
    let body = await payouts();
    expect(body.balance).toMatchObject({ reserved_cents: 0, paid_cents: 8000, available_cents: 2000 });
    expect(body.data[0].completed_at).not.toBeNull();

    const second = await server.admin<{ id: number }>('payout', 'request', '--account', String(account.accountId), '--amount-cents', '1500');
    expect((await attempt('fail', '--id', String(second.id))).ok).toBe(false); // a reason is needed
    expect(await server.admin('payout', 'fail', '--id', String(second.id), '--reason', 'Bank details rejected')).toMatchObject({ status: 'failed', failed_reason: 'Bank details rejected' });
    body = await payouts();
    expect(body.balance.available_cents).toBe(2000);
    expect(body.data.map((p: { id: number; status: string }) => [p.id, p.status])).toEqual([[second.id, 'failed'], [first.id, 'completed']]);
    const illegal = await attempt('complete', '--id', String(second.id));
    expect(illegal.ok ? 0 : illegal.e.code).toBe(2);
    expect(illegal.ok ? '' : illegal.e.stderr).toMatch(/is failed: it cannot be moved to completed/);

    const events = await server.admin<{ type: string }[]>('events', '--account', String(account.accountId));
    expect(events.map((e) => e.type).filter((t) => t.startsWith('payout.'))).toEqual(['payout.requested', 'payout.approved', 'payout.completed', 'payout.requested', 'payout.failed']);
  });

  it('keeps to its scope and the account', async () => {
    const other = await setUpAccount(server, { scopes: ['payouts:read'] });
    expect(await payouts(other.key)).toEqual({ balance: { currency: 'USD', earned_cents: 0, manual_cents: 0, reserved_cents: 0, paid_cents: 0, available_cents: 0 }, data: [] });
    const noScope = await setUpAccount(server, { scopes: ['earnings:read'] });
    expect(await expectError(await server.fetch('/v1/payouts', { headers: bearer(noScope.key) }), 403, 'insufficient_scope')).toMatchObject({ scope: 'payouts:read' });
  });
});
