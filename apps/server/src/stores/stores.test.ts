/** Target stores per account (issue 19): staff set them, the account's dry-run reports carry a verdict per store; other accounts' reports are unchanged. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { expectSchema } from '../../test/support/api-schemas.js';
import { audioMessage } from '../../test/support/ddex-fixtures.js';

describe.each(backends())('target stores per account ($name)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await TestServer.start(backend);
  });
  afterAll(() => server?.stop());

  const dryRun = async (key: string) => {
    const response = await server.fetch('/v1/ddex/validate', { method: 'POST', headers: { ...bearer(key), 'content-type': 'application/xml' }, body: audioMessage().xml });
    expect(response.status).toBe(200);
    const body = await response.json();
    expectSchema(body, 'validate-response.schema.json');
    return body.data;
  };

  it('an account with stores gets a verdict per store, in the order set; one without gets none', async () => {
    const withStores = await setUpAccount(server, { scopes: ['ddex:validate'] });
    const without = await setUpAccount(server, { scopes: ['ddex:validate'] });
    expect(await server.admin('stores', 'set', '--account', String(withStores.accountId), '--stores', 'YouTube, spotify')).toEqual({ account: withStores.accountId, stores: ['youtube', 'spotify'] });
    expect(await server.admin('stores', 'show', '--account', String(withStores.accountId))).toEqual({ account: withStores.accountId, stores: ['youtube', 'spotify'] });

    const report = await dryRun(withStores.key);
    expect(Object.keys(report.stores)).toEqual(['youtube', 'spotify']);
    // The official 4.3 audio sample is addressed to a DDEX example party, not to YouTube.
    expect(report.stores.youtube.checks.filter((c: { status: string }) => c.status === 'error').map((c: { requirement: string }) => c.requirement)).toContain('youtube-recipient');
    expect(report.stores.youtube.verdict).toBe('would_be_rejected');
    expect(report.stores.spotify.checks.every((c: { requirement: string }) => c.requirement.startsWith('spotify-'))).toBe(true);
    // The base report is the same as without stores.
    const plain = await dryRun(without.key);
    expect(plain.stores).toBeUndefined();
    expect(report.verdict).toBe(plain.verdict);
    expect(report.checks.length).toBe(plain.checks.length);
  });

  it('clearing the stores stops them; an unknown store or account is refused and changes nothing', async () => {
    const account = await setUpAccount(server, { scopes: ['ddex:validate'] });
    const id = String(account.accountId);
    await server.admin('stores', 'set', '--account', id, '--stores', 'tiktok');
    await expect(server.admin('stores', 'set', '--account', id, '--stores', 'spotify,napster')).rejects.toThrow(/unknown store napster/);
    expect(await server.admin('stores', 'show', '--account', id)).toEqual({ account: account.accountId, stores: ['tiktok'] });
    await expect(server.admin('stores', 'set', '--account', '999999', '--stores', 'spotify')).rejects.toThrow(/no account 999999/);
    expect(Object.keys((await dryRun(account.key)).stores)).toEqual(['tiktok']);
    expect(await server.admin('stores', 'set', '--account', id, '--clear')).toEqual({ account: account.accountId, stores: [] });
    expect((await dryRun(account.key)).stores).toBeUndefined();
  });
});
