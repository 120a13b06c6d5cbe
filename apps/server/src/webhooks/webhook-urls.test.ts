/**
 * Webhook URLs never reach inside (SSRF), over the real API with the test switches off: every form
 * of a private, local or special address tried so far, refused with 400 invalid_url at create and
 * update; public ones accepted (so the policy is no blanket refusal); a name that turns private
 * after create is refused at send time, with no response time (nothing was connected).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, bearer, setUpAccount, TestServer } from '../../test/support/server-process.js';

/** Names the test resolver answers (WEBHOOKS_TEST_RESOLVER_FILE): what DNS would say at delivery time. */
const RESOLVER = {
  'good.partner.test': ['93.184.216.34'],
  'v6.partner.test': ['2606:4700:4700::1111'],
  'rebind.partner.test': ['10.1.2.3'],
  'loopback.partner.test': ['127.0.0.1'],
  'metadata.partner.test': ['169.254.169.254'],
  'v6private.partner.test': ['fd00::1'],
  'v6loopback.partner.test': ['::1'],
  'mapped.partner.test': ['::ffff:127.0.0.1'],
  'translated.partner.test': ['::ffff:0:7f00:1'],
  'compatible.partner.test': ['::7f00:1'],
  'nat64.partner.test': ['64:ff9b::a9fe:a9fe'],
  'sixtofour.partner.test': ['2002:a00:1::1'],
  'teredo.partner.test': ['2001:0:4136:e378:8000:63bf:80ff:fffe'],
  'zero.partner.test': ['0.0.0.0'],
  'cgnat.partner.test': ['100.64.0.1'],
  'mixed.partner.test': ['93.184.216.34', '10.0.0.1'],
  'mixed6.partner.test': ['2606:4700:4700::1111', 'fe80::1'],
};

/** Every URL that must never be called (issue 41): each refused with invalid_url. */
const SSRF_CORPUS = [
  // Scheme, port and user info.
  'http://hooks.example.com/x', 'ftp://hooks.example.com/x', 'file:///etc/passwd', 'gopher://127.0.0.1:6379/_x', 'javascript:alert(1)', 'not a url', 'https://', 'https:///x',
  'https://hooks.example.com:8443/x', 'https://good.partner.test:80/x', 'https://user:pass@good.partner.test/x', 'https://user@good.partner.test/x',
  // User info tricks: the host is what follows the last @ (or precedes # and \).
  'https://good.example@127.0.0.1/', 'https://good.partner.test@10.0.0.1/x', 'https://127.0.0.1#@good.partner.test/', 'https://127.0.0.1\\@good.partner.test/', 'https://good.partner.test%40127.0.0.1/',
  // IPv4 loopback in every spelling WHATWG URL parsing folds to 127.0.0.1.
  'https://127.0.0.1/x', 'https://127.255.255.254/x', 'https://127.1/x', 'https://127.0.1/x', 'https://2130706433/x', 'http://2130706433/', 'https://0177.0.0.1/x', 'https://017700000001/x',
  'http://017700000001/', 'https://0x7f.1/x', 'http://0x7f.1/', 'https://0x7f000001/x', 'https://0x7f.0x0.0x0.0x1/x', 'http://127.1/', 'https://127.0.0.1./x', 'https://[127.0.0.1]/x',
  // Other private or special IPv4 ranges, with numeric forms.
  'https://0.0.0.0/x', 'https://0/x', 'https://0.1.2.3/x', 'https://10.0.0.1/x', 'https://10.1/x', 'https://167772161/x', 'https://172.16.5.4/x', 'https://172.31.255.255/x',
  'https://192.168.1.1/x', 'https://3232235777/x', 'https://169.254.169.254/latest/meta-data', 'https://0xa9fea9fe/x', 'https://169.254.0.1/x', 'https://100.64.0.1/x',
  'https://100.127.255.254/x', 'https://100.100.100.200/x', 'https://224.0.0.1/x', 'https://239.255.255.250/x', 'https://240.0.0.1/x', 'https://255.255.255.255/x',
  'https://192.0.0.1/x', 'https://192.0.2.1/x', 'https://198.51.100.1/x', 'https://203.0.113.1/x', 'https://198.18.0.1/x', 'https://198.19.255.254/x', 'https://192.88.99.1/x',
  // IPv6 special ranges.
  'https://[::1]/x', 'https://[0:0:0:0:0:0:0:1]/x', 'https://[::]/x', 'https://[fe80::1]/x', 'https://[febf::1]/x', 'https://[fc00::1]/x', 'https://[fd12:3456::1]/x',
  'https://[fd00:ec2::254]/x', 'https://[fec0::1]/x', 'https://[ff02::1]/x', 'https://[ff05::2]/x', 'https://[100::1]/x', 'https://[2001:db8::1]/x', 'https://[3fff::1]/x',
  'https://[2001:2::1]/x', 'https://[2001:10::1]/x', 'https://[2001:20::1]/x', 'https://[5f00::1]/x', 'https://[4000::1]/x',
  // IPv6 zone ids (refused by URL parsing) and brackets.
  'https://[fe80::1%25eth0]/x', 'https://[fe80::1%eth0]/x', 'https://[::1%251]/x', 'https://[::1/x', 'https://::1/x',
  // IPv6 forms that embed IPv4: mapped (dotted and hex), translated, compatible, 6to4, Teredo, NAT64.
  'https://[::ffff:127.0.0.1]/x', 'https://[::ffff:7f00:1]/x', 'https://[0:0:0:0:0:ffff:127.0.0.1]/x', 'https://[::ffff:10.0.0.1]/x', 'https://[::ffff:169.254.169.254]/x',
  'https://[::ffff:93.184.216.34]/x', 'https://[::ffff:0:127.0.0.1]/', 'https://[::ffff:0:7f00:1]/x', 'https://[0:0:0:0:ffff:0:a00:1]/x', 'https://[::ffff:0:93.184.216.34]/x',
  'https://[::127.0.0.1]/x', 'https://[::7f00:1]/x', 'https://[::10.0.0.1]/x', 'https://[::169.254.169.254]/x', 'https://[::93.184.216.34]/x',
  'https://[2002:7f00:1::]/x', 'https://[2002:a9fe:a9fe::1]/x', 'https://[2002:5db8:d822::1]/x', 'https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/x', 'https://[2001::1]/x',
  'https://[64:ff9b::127.0.0.1]/x', 'https://[64:ff9b::7f00:1]/x', 'https://[64:ff9b::a9fe:a9fe]/x', 'https://[64:ff9b::5db8:d822]/x', 'https://[64:ff9b:1::7f00:1]/x',
  'https://[64:ff9b:1:ffff::a00:1]/x',
  // Local and metadata names, trailing dots, single labels.
  'https://localhost/x', 'https://LOCALHOST/x', 'https://localhost./x', 'https://api.localhost/x', 'https://api.localhost./x', 'https://printer.local/x', 'https://printer.local./x',
  'https://metadata.google.internal/computeMetadata/v1', 'https://metadata.google.internal./x', 'https://metadata/x', 'https://intranet/x', 'https://intranet./x',
  // Names that resolve, at check time, to what must not be called (the resolver's answers above).
  'https://rebind.partner.test/x', 'https://loopback.partner.test/x', 'https://metadata.partner.test/x', 'https://v6private.partner.test/x', 'https://v6loopback.partner.test/x',
  'https://mapped.partner.test/x', 'https://translated.partner.test/x', 'https://compatible.partner.test/x', 'https://nat64.partner.test/x', 'https://sixtofour.partner.test/x',
  'https://teredo.partner.test/x', 'https://zero.partner.test/x', 'https://cgnat.partner.test/x', 'https://mixed.partner.test/x', 'https://mixed6.partner.test/x',
  'https://unknown.partner.test/x',
];

/** Public addresses and names: accepted, so the refusals above are the policy's, not a blanket no. */
const PUBLIC = ['https://good.partner.test/hooks', 'https://good.partner.test:443/hooks', 'https://good.partner.test./hooks', 'https://93.184.216.34/x', 'https://[2606:4700:4700::1111]/x', 'https://v6.partner.test/x', 'https://8.8.8.8/x'];

describe.each(backends())('webhook URLs never reach inside ($name)', (backend) => {
  let server: TestServer;
  let account: Awaited<ReturnType<typeof setUpAccount>>;
  let resolverFile: string;
  beforeAll(async () => {
    server = await TestServer.create(backend);
    resolverFile = path.join(server.dataDir, 'resolver.json');
    fs.writeFileSync(resolverFile, JSON.stringify(RESOLVER));
    await server.start({ WEBHOOKS_TEST_RESOLVER_FILE: resolverFile, WEBHOOKS_RETRY_SCHEDULE_MS: 'none', WEBHOOKS_FANOUT_MS: '200' });
    account = await setUpAccount(server, { scopes: ['webhooks:write'] });
  });
  afterAll(() => server?.stop());

  const create = (url: string) => server.fetch('/v1/webhooks', { method: 'POST', headers: { ...bearer(account.key), 'content-type': 'application/json' }, body: JSON.stringify({ url, events: ['release.approved'] }) });
  const patch = (id: number, url: string) => server.fetch(`/v1/webhooks/${id}`, { method: 'PATCH', headers: { ...bearer(account.key), 'content-type': 'application/json' }, body: JSON.stringify({ url }) });
  const remove = (id: number) => server.fetch(`/v1/webhooks/${id}`, { method: 'DELETE', headers: bearer(account.key) });

  it(`refuses ${SSRF_CORPUS.length} URLs with invalid_url at create and at update, and takes ${PUBLIC.length} public ones`, async () => {
    expect(SSRF_CORPUS.length).toBeGreaterThanOrEqual(70);
    const accepted: string[] = [];
    for (const url of SSRF_CORPUS) {
      const response = await create(url);
      const body = await response.json();
      if (response.status !== 400 || body.code !== 'invalid_url') accepted.push(`create ${url} -> ${response.status} ${body.code}`);
      if (response.status === 201) await remove(body.endpoint.id);
    }
    const made = await (await create('https://good.partner.test/hooks')).json();
    expect(made.endpoint.id).toEqual(expect.any(Number));
    for (const url of SSRF_CORPUS) {
      const response = await patch(made.endpoint.id, url);
      const body = await response.json();
      if (response.status !== 400 || body.code !== 'invalid_url') accepted.push(`update ${url} -> ${response.status} ${body.code}`);
    }
    expect(accepted).toEqual([]);
    await remove(made.endpoint.id);

    const refused: string[] = [];
    for (const url of PUBLIC) {
      const response = await create(url);
      const body = await response.json();
      if (response.status !== 201) refused.push(`${url} -> ${response.status} ${body.error}`);
      else await remove(body.endpoint.id);
    }
    expect(refused).toEqual([]);
  });

  it('names what is wrong: the IPv4-translated form and a name resolving to an IPv4-mapped address', async () => {
    const translated = await (await create('https://[::ffff:0:127.0.0.1]/')).json();
    expect(translated.error).toMatch(/::ffff:0:7f00:1 is not a public address \(rfc6145\)/);
    const mapped = await (await create('https://mapped.partner.test/x')).json();
    expect(mapped.error).toMatch(/mapped\.partner\.test resolves to ::ffff:127\.0\.0\.1: it is not a public address \(ipv4Mapped\)/);
    const compatible = await (await create('https://[::127.0.0.1]/')).json();
    expect(compatible.error).toMatch(/IPv4-compatible/);
  });

  it('resolves again at send time: a name that turned private is refused, logged as a failed attempt with no response time', async () => {
    const made = await (await create('https://good.partner.test/hooks')).json();
    expect(made.endpoint).toBeDefined();
    fs.writeFileSync(resolverFile, JSON.stringify({ ...RESOLVER, 'good.partner.test': ['::ffff:0:7f00:1'] }));
    const queued = await (await server.fetch(`/v1/webhooks/${made.endpoint.id}/test`, { method: 'POST', headers: bearer(account.key) })).json();
    let delivery: { status: string; error: string | null; attempt: number; response_status: number | null; response_ms: number | null } | undefined;
    for (let i = 0; i < 100; i++) {
      const log = await (await server.fetch(`/v1/webhooks/${made.endpoint.id}/deliveries`, { headers: bearer(account.key) })).json();
      delivery = log.data.find((d: { id: number }) => d.id === queued.delivery.id);
      if (delivery && delivery.attempt > 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(delivery).toMatchObject({ status: 'failed', attempt: 1, response_status: null, response_ms: null });
    expect(delivery!.error).toMatch(/refused: good\.partner\.test resolves to ::ffff:0:7f00:1/);

    // Failing for 5 days disables the endpoint (the clock moved past them).
    const endpoint = async () => (await (await server.fetch(`/v1/webhooks/${made.endpoint.id}`, { headers: bearer(account.key) })).json()).data;
    expect(await endpoint()).toMatchObject({ enabled: true, failure_count: 1 });
    server.moveClock(5 * 86_400_000 + 60_000);
    try {
      await server.fetch(`/v1/webhooks/${made.endpoint.id}/test`, { method: 'POST', headers: bearer(account.key) });
      let e = await endpoint();
      for (let i = 0; i < 100 && e.enabled; i++) {
        await new Promise((r) => setTimeout(r, 100));
        e = await endpoint();
      }
      expect(e).toMatchObject({ enabled: false, failure_count: 2, disabled_reason: 'every attempt failed for 5 days' });
    } finally {
      server.moveClock(0);
      fs.writeFileSync(resolverFile, JSON.stringify(RESOLVER));
    }
  });
});
