/**
 * Smartlinks and pre-saves (issue 18, third part): the public page, its redirects and pre-saves,
 * 10,000 visits at once counted exactly, no cookie and nothing of the visitor stored, GET /links
 * with all-time and 30-day counts. On every backend, through the real bin.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, bearer, REPO_ROOT, setUpAccount, TestServer } from '../../test/support/server-process.js';
import { expectError, expectSchema } from '../../test/support/api-schemas.js';
import { albumZip } from '../../test/support/ddex-fixtures.js';
import { deliver, waitForDelivery } from '../../test/support/deliveries.js';

const VISITS = 10_000;

describe.each(backends())('smartlinks ($name)', (backend) => {
  let server: TestServer;
  let account: Awaited<ReturnType<typeof setUpAccount>>;
  let releaseId: number;
  beforeAll(async () => {
    server = await TestServer.start(backend, { DELIVERY_POLL_MS: '100' });
    account = await setUpAccount(server, { scopes: ['links:read', 'ddex:write'] });
    const { zip } = await albumZip();
    releaseId = (await waitForDelivery(server, account.key, (await deliver(server, account.key, new Uint8Array(zip), { contentType: 'application/zip' })).id)).release_ids[0];
  });
  afterAll(() => server?.stop());

  const links = async (key = account.key) => {
    const response = await server.fetch('/v1/links', { headers: bearer(key) });
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(200);
    expectSchema(body, 'links-response.schema.json');
    return body.data as Record<string, unknown>[];
  };

  it(`counts ${VISITS} simultaneous visits, the clicks through each store and the pre-saves, exactly`, async () => {
    const slug = `album-${backend.name}`;
    const cover = path.join(REPO_ROOT, 'fixtures/batches/album-43/resources/cover.jpg');
    await server.admin('link', 'create', '--release', String(releaseId), '--slug', slug, '--artist', 'The Lamplighters', '--artwork', cover, '--store', 'spotify=https://open.spotify.test/album/1', '--store', 'apple_music=https://music.apple.test/album/1');
    await expect(server.admin('link', 'create', '--release', String(releaseId), '--slug', `bad-${slug}`, '--artwork', path.join(REPO_ROOT, 'README.md'))).rejects.toMatchObject({ code: 2 });
    const presaveSlug = `soon-${backend.name}`;
    await server.admin('link', 'create', '--release', String(releaseId), '--slug', presaveSlug, '--kind', 'presave', '--release-date', '2099-01-01', '--store', 'spotify=https://open.spotify.test/album/1');

    // Before any store has it live, the page lists no store.
    expect(await (await server.fetch(`/l/${slug}`)).text()).not.toContain('/go/');
    await server.admin('release', 'approve', '--id', String(releaseId));
    for (const store of ['spotify', 'apple_music']) await server.admin('release', 'store-status', '--id', String(releaseId), '--store', store, '--status', 'live', '--phase', 'live');
    const first = await server.fetch(`/l/${slug}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('set-cookie')).toBeNull();
    const html = await first.text();
    expect(html).toContain(`/l/${slug}/go/spotify`);
    expect(html).not.toMatch(/Pre-save/);
    expect(html).toContain(`<img src="/l/${slug}/artwork"`);
    const artwork = await server.fetch(`/l/${slug}/artwork`);
    expect(artwork.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await artwork.arrayBuffer()).equals(fs.readFileSync(cover))).toBe(true);

    let next = 2;
    await Promise.all(Array.from({ length: 50 }, async () => {
      while (next < VISITS) {
        next++;
        const r = await server.fetch(`/l/${slug}`);
        if (r.status !== 200) throw new Error(`visit answered ${r.status}`);
        await r.arrayBuffer();
      }
    }));
    const clicks = await Promise.all(Array.from({ length: 300 }, (_, i) => server.fetch(`/l/${slug}/go/${i % 2 ? 'spotify' : 'apple_music'}`, { redirect: 'manual' })));
    expect(clicks.every((r) => r.status === 302)).toBe(true);
    expect(clicks[1].headers.get('location')).toBe('https://open.spotify.test/album/1');
    expect((await server.fetch(`/l/${slug}/go/tidal`, { redirect: 'manual' })).status).toBe(404);

    expect(await (await server.fetch(`/l/${presaveSlug}`)).text()).toMatch(/Pre-save/);
    const presaves = await Promise.all(Array.from({ length: 25 }, () => server.fetch(`/l/${presaveSlug}/presave`, { method: 'POST' })));
    expect(presaves.every((r) => r.status === 200)).toBe(true);
    expect((await server.fetch(`/l/${slug}/presave`, { method: 'POST' })).status).toBe(409);

    const list = await links();
    const album = list.find((l) => l.slug === slug)!;
    expect(album).toMatchObject({ kind: 'smartlink', active: true, artist: 'The Lamplighters', release_id: releaseId, views: VISITS, clicks: 300, views_30d: VISITS, clicks_30d: 300, presaves: 0 });
    expect(album.url).toBe(`${server.url}/l/${slug}`);
    expect(list.find((l) => l.slug === presaveSlug)).toMatchObject({ kind: 'presave', presaves: 25, views: 1 });

    // 31 days later the 30-day counts are empty, the all-time ones the same.
    server.moveClock(31 * 86_400_000);
    try {
      expect((await links()).find((l) => l.slug === slug)).toMatchObject({ views: VISITS, clicks: 300, views_30d: 0, clicks_30d: 0 });
    } finally {
      server.moveClock(0);
    }
  }, 300_000);

  it('answers 404 for an unknown slug, keeps to the account and checks its scope', async () => {
    expect((await server.fetch('/l/no-such-link')).status).toBe(404);
    const other = await setUpAccount(server, { scopes: ['links:read'] });
    expect(await links(other.key)).toEqual([]);
    const noScope = await setUpAccount(server, { scopes: ['ddex:write'] });
    expect(await expectError(await server.fetch('/v1/links', { headers: bearer(noScope.key) }), 403, 'insufficient_scope')).toMatchObject({ scope: 'links:read' });
  });
});
