/**
 * A webhook URL may never be a way into the server's own network (SSRF). At create and update: an
 * `https` URL on port 443, no user info, a host that is a public address or a name that resolves
 * only to public addresses. At send time the name is resolved again, every address checked, and
 * the connection made to the checked address (so DNS rebinding cannot reach inside).
 *
 * WHATWG URL parsing already turns the numeric tricks (`2130706433`, `0177.0.0.1`, `0x7f.1`,
 * `127.1`) into dotted IPv4, which the block list then refuses.
 *
 * Tests only (README): `WEBHOOKS_ALLOW_LOOPBACK_FOR_TESTS=1` lets 127.0.0.0/8 and ::1 through on any
 * port, and `WEBHOOKS_TEST_RESOLVER_FILE` names a JSON file `{host: [addresses]}` read at every
 * lookup instead of DNS. Both are off unless set; the refusals are tested with them off.
 */
import dns from 'node:dns/promises';
import fs from 'node:fs';
import net from 'node:net';

export class UrlRefused extends Error {}

// Two lists: Node checks an IPv4 address against IPv6 rules too (as ::ffff:a.b.c.d), and the
// IPv6 list refuses every IPv4-mapped address.
const blocked4 = new net.BlockList();
const blocked6 = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked4.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128], ['::1', 128], ['::ffff:0:0', 96], ['::', 96], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 32],
  ['2001:10::', 28], ['2001:20::', 28], ['2001:db8::', 32], ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) blocked6.addSubnet(address, prefix, 'ipv6');

const BLOCKED_NAMES = [/^localhost$/i, /\.localhost$/i, /^metadata\.google\.internal$/i, /\.internal$/i, /\.local$/i, /^metadata$/i];

const loopbackForTests = () => process.env.WEBHOOKS_ALLOW_LOOPBACK_FOR_TESTS === '1';
const isLoopback = (ip: string) => (net.isIPv4(ip) ? ip.startsWith('127.') : ip === '::1');

/** Why an address may not be called, or null when it is public. */
export function addressProblem(ip: string): string | null {
  const family = net.isIPv4(ip) ? 'ipv4' : net.isIPv6(ip) ? 'ipv6' : null;
  if (!family) return `"${ip}" is not an IP address`;
  if (loopbackForTests() && isLoopback(ip)) return null;
  if ((family === 'ipv4' ? blocked4 : blocked6).check(ip, family)) return `${ip} is a private, loopback, link-local, metadata, shared, multicast, reserved or IPv4-in-IPv6 address`;
  return null;
}

/** The host of a URL the server may call, or a refusal saying what is wrong. */
export function checkUrlShape(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UrlRefused('url is not a valid URL');
  }
  if (url.protocol !== 'https:') throw new UrlRefused('url must use https');
  if (url.username || url.password) throw new UrlRefused('url must not carry a user name or password');
  if (url.port !== '' && !loopbackForTests()) throw new UrlRefused('url must use port 443');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!host) throw new UrlRefused('url has no host');
  if (!net.isIP(host) && BLOCKED_NAMES.some((re) => re.test(host))) throw new UrlRefused(`${host} is a local or metadata name`);
  if (!net.isIP(host) && !host.includes('.')) throw new UrlRefused(`${host} is not a public host name`);
  return url;
}

async function resolve(host: string): Promise<string[]> {
  if (net.isIP(host)) return [host];
  const file = process.env.WEBHOOKS_TEST_RESOLVER_FILE;
  if (file) {
    const table = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string[]>;
    if (!table[host]) throw new UrlRefused(`${host} does not resolve`);
    return table[host];
  }
  try {
    return (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    throw new UrlRefused(`${host} does not resolve`);
  }
}

/** Resolves the URL's host and checks every address; returns the one to connect to. */
export async function checkedAddress(url: URL): Promise<{ host: string; address: string; family: 4 | 6 }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = await resolve(host);
  if (addresses.length === 0) throw new UrlRefused(`${host} does not resolve`);
  for (const address of addresses) {
    const problem = addressProblem(address);
    if (problem) throw new UrlRefused(net.isIP(host) ? `url host ${problem}` : `${host} resolves to ${address}: ${problem.replace(`${address} is`, 'it is')}`);
  }
  return { host, address: addresses[0], family: net.isIPv4(addresses[0]) ? 4 : 6 };
}

/** Create and update: the shape, then every address the name resolves to now. */
export async function checkWebhookUrl(text: string): Promise<string> {
  const url = checkUrlShape(text);
  await checkedAddress(url);
  return url.toString();
}
