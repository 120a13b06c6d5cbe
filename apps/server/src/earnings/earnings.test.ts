/**
 * Store statements and earnings (issue 18, first part): a generated statement of a few hundred rows
 * over three stores and two currencies, with bad rows, checked row by row, imported, committed (one
 * transaction with its event), then GET /earnings by month, release and store adding up to the same
 * total to the cent, with the members' shares. On every backend, through the real bin.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { expectError, expectSchema } from '../../test/support/api-schemas.js';
import { albumZip } from '../../test/support/ddex-fixtures.js';
import { deliver, waitForDelivery } from '../../test/support/deliveries.js';

const month = (back: number) => {
  const d = new Date();
  const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1));
  return `${m.getUTCFullYear()}-${String(m.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** Exact dollars in millionths (BigInt) of a decimal amount times a rate. */
const micro = (amount: string, rate: string) => {
  const [ai, af = ''] = amount.split('.');
  const [ri, rf = ''] = rate.split('.');
  const product = BigInt(ai + af) * BigInt(ri + rf);
  const scale = af.length + rf.length;
  return scale >= 6 ? product / 10n ** BigInt(scale - 6) : product * 10n ** BigInt(6 - scale);
};
const roundCents = (m: bigint) => Number((m + 5_000n) / 10_000n) / 100;

describe.each(backends())('statements and earnings ($name)', (backend) => {
  let server: TestServer;
  let account: Awaited<ReturnType<typeof setUpAccount>>;
  const releases: { id: number; upc: string; member_id: number }[] = [];
  beforeAll(async () => {
    server = await TestServer.start(backend, { DELIVERY_POLL_MS: '100' });
    account = await setUpAccount(server, { scopes: ['earnings:read', 'ddex:write', 'catalog:read'] });
    for (const query of ['', '', `?member_id=${account.memberId}`]) {
      const { zip, upc } = await albumZip();
      const done = await waitForDelivery(server, account.key, (await deliver(server, account.key, new Uint8Array(zip), { contentType: 'application/zip', query })).id);
      releases.push({ id: done.release_ids[0], upc, member_id: query ? account.memberId : account.ownMemberId });
    }
  });
  afterAll(() => server?.stop());

  const earnings = async (query = '') => {
    const response = await server.fetch(`/v1/earnings${query}`, { headers: bearer(account.key) });
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(200);
    expectSchema(body, 'earnings-response.schema.json');
    return body;
  };

  it('imports a statement row by row, commits it, and answers earnings that add up to the cent', async () => {
    const stores = ['spotify', 'apple_music', 'deezer'];
    const lines = ['store,period,upc,isrc,units,amount,currency'];
    let expectedMicro = 0n;
    let expectedShareUnits = 0n;
    const shareOf: Record<number, number> = { [account.ownMemberId]: 0, [account.memberId]: 7000 };
    for (let i = 0; i < 300; i++) {
      const release = releases[i % 3];
      const currency = i % 4 === 0 ? 'EUR' : 'USD';
      const amount = `${(i % 17) + 1}.${String((i * 37) % 1000).padStart(3, '0')}`;
      const rate = currency === 'EUR' ? '1.0842' : '1';
      lines.push([stores[i % 3], month(i % 3), release.upc, '', String(i % 9), amount, currency].join(','));
      expectedMicro += micro(amount, rate);
      expectedShareUnits += micro(amount, rate) * BigInt(shareOf[release.member_id]);
    }
    // Bad rows, each named by line and column.
    lines.push('spotify,2026-13,,,1,1.00,USD'); // line 302: period; no code
    lines.push('spotify,' + month(0) + ',5012345678900,,x,1.00,USD'); // 303: units
    lines.push('deezer,' + month(0) + ',5012345678900,,1,1;5,USD'); // 304: amount
    lines.push('deezer,' + month(0) + ',5012345678900,,1,2.00,GBP'); // 305: no rate for GBP
    lines.push('deezer,' + month(0) + ',0000000000000,,3,2.50,USD'); // 306: good but unmatched
    expectedMicro += micro('2.50', '1');
    const file = path.join(server.dataDir, 'statement.csv');
    fs.writeFileSync(file, lines.join('\n') + '\n');

    const refused = await server.admin<{ statement_id: number | null; errors: { line: number; column: string }[] }>('statement', 'import', '--account', String(account.accountId), '--file', file, '--rate', 'EUR=1.0842');
    expect(refused.statement_id).toBeNull();
    expect(refused.errors.map((e) => [e.line, e.column])).toEqual([[302, 'period'], [302, 'upc'], [303, 'units'], [304, 'amount'], [305, 'currency']]);
    expect((await earnings()).data).toEqual([]);

    await server.admin('member', 'share', '--id', String(account.memberId), '--percent', '70');
    const imported = await server.admin<{ statement_id: number; imported: number; unmatched: { line: number }[] }>('statement', 'import', '--account', String(account.accountId), '--file', file, '--rate', 'EUR=1.0842', '--allow-errors');
    expect(imported.imported).toBe(301);
    expect(imported.unmatched.map((u) => u.line)).toEqual([306]);
    // Not revenue until committed.
    expect((await earnings()).data).toEqual([]);
    const committed = await server.admin<{ id: number; amount_usd: number }>('statement', 'commit', '--id', String(imported.statement_id));
    expect(committed.amount_usd).toBe(roundCents(expectedMicro));
    const events = await server.admin<{ type: string; data: { statement: { id: number } } }[]>('events', '--account', String(account.accountId), '--type', 'statement.committed');
    expect(events.map((e) => e.data.statement.id)).toEqual([imported.statement_id]);
    await expect(server.admin('statement', 'commit', '--id', String(imported.statement_id))).rejects.toMatchObject({ code: 2 });

    const byMonth = await earnings();
    const byRelease = await earnings('?by=release');
    const byStore = await earnings('?by=store&months=12');
    const total = (rows: { amount_usd: number }[]) => Math.round(rows.reduce((s, r) => s + r.amount_usd * 100, 0)) / 100;
    for (const answer of [byMonth, byRelease, byStore]) expect(total(answer.data)).toBe(roundCents(expectedMicro));
    expect(byMonth).toMatchObject({ by: 'month', months: 12, currency: 'USD' });
    expect(byMonth.data.map((r: { key: string }) => r.key)).toEqual([month(2), month(1), month(0)]);
    expect(byStore.data.map((r: { key: string }) => r.key).sort()).toEqual([...stores].sort());
    expect(byRelease.data.map((r: { key: string }) => r.key).sort()).toEqual([...releases.map((r) => String(r.id)), 'unmatched'].sort());
    // The member's share: 70% of its release's revenue, the own catalog 0%.
    const shares = (rows: { member_share_usd: number }[]) => Math.round(rows.reduce((s, r) => s + r.member_share_usd * 100, 0)) / 100;
    const expectedShare = Number((expectedShareUnits / 10_000n + 5_000n) / 10_000n) / 100;
    for (const answer of [byMonth, byRelease, byStore]) expect(shares(answer.data)).toBe(expectedShare);
    const memberRow = byRelease.data.find((r: { key: string }) => r.key === String(releases[2].id));
    expect(memberRow.member_share_usd).toBeCloseTo(memberRow.amount_usd * 0.7, 1);
    expect(byRelease.data.find((r: { key: string }) => r.key === String(releases[0].id)).member_share_usd).toBe(0);
    const units = byStore.data.reduce((n: number, r: { units: number }) => n + r.units, 0);
    expect(units).toBe(Array.from({ length: 300 }, (_, i) => i % 9).reduce((a, b) => a + b, 0) + 3);
    expect((await earnings('?months=1')).data.map((r: { key: string }) => r.key)).toEqual([month(0)]);
  });

  it('answers 400 invalid for anything else, checks its scope, and keeps to the account', async () => {
    for (const [query, field] of [['?by=week', 'by'], ['?months=0', 'months'], ['?months=61', 'months'], ['?months=x', 'months']]) {
      expect(await expectError(await server.fetch(`/v1/earnings${query}`, { headers: bearer(account.key) }), 400, 'invalid')).toMatchObject({ field });
    }
    const other = await setUpAccount(server, { scopes: ['earnings:read'] });
    expect((await (await server.fetch('/v1/earnings?by=release', { headers: bearer(other.key) })).json()).data).toEqual([]);
    const noScope = await setUpAccount(server, { scopes: ['ddex:write'] });
    expect(await expectError(await server.fetch('/v1/earnings', { headers: bearer(noScope.key) }), 403, 'insufficient_scope')).toMatchObject({ scope: 'earnings:read' });
  });
});
