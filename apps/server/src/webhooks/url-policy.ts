/**
 * A webhook URL may never be a way into the server's own network (SSRF). At create and update: an
 * `https` URL on port 443, no user info, a host that is a public address or a name that resolves
 * only to public addresses. At send time the name is resolved again, every address checked, and
 * the connection made to the checked address (sender.ts pins it and checks the socket's peer).
 *
 * Which addresses are public is ipaddr.js's call (its ranges follow the IANA special-purpose
 * registries), not a hand-kept list: an IPv4 address must be `unicast` there; an IPv6 address must
 * be `unicast` there and inside 2000::/3, IANA's global unicast space. That second rule refuses
 * every IPv6 form that carries an IPv4 address outside the named ranges too: IPv4-compatible
 * `::a.b.c.d` (which ipaddr.js calls unicast), as well as IPv4-mapped `::ffff:a.b.c.d`,
 * IPv4-translated `::ffff:0:a.b.c.d`, NAT64 `64:ff9b::/96` and `64:ff9b:1::/48`; 6to4 (2002::/16)
 * and Teredo (2001::/32) sit inside 2000::/3 and are refused by their range names.
 *
 * WHATWG URL parsing already turns the numeric tricks (`2130706433`, `0177.0.0.1`, `0x7f.1`,
 * `127.1`) into dotted IPv4, and refuses zone ids (`[fe80::1%25eth0]`).
 *
 * Tests only (README): `WEBHOOKS_ALLOW_LOOPBACK_FOR_TESTS=1` lets 127.0.0.0/8 and ::1 through on any
 * port, and `WEBHOOKS_TEST_RESOLVER_FILE` names a JSON file read at every lookup instead of DNS:
 * `{host: [addresses]}`, or `{host: {"sequence": [[addresses], …]}}` where the nth lookup of the
 * host in this process gets the nth list (the last repeats; the rebinding test uses it). Both are
 * off unless set; the refusals are tested with them off.
 */
import dns from 'node:dns/promises';
import fs from 'node:fs';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

export class UrlRefused extends Error {}

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

const BLOCKED_NAMES = [/^localhost$/i, /\.localhost$/i, /^metadata\.google\.internal$/i, /\.internal$/i, /\.local$/i, /^metadata$/i];

const loopbackForTests = () => process.env.WEBHOOKS_ALLOW_LOOPBACK_FOR_TESTS === '1';

/** Why an address may not be called, or null when it is public. */
export function addressProblem(ip: string): string | null {
  if (!ipaddr.isValid(ip)) return `"${ip}" is not an IP address`;
  const address = ipaddr.parse(ip);
  const range = address.range();
  if (loopbackForTests() && range === 'loopback') return null;
  if (address.kind() === 'ipv6' && range === 'unicast' && !(address as ipaddr.IPv6).match(GLOBAL_UNICAST_V6)) {
    const kind = (address as ipaddr.IPv6).parts.slice(0, 6).every((p) => p === 0) ? 'an IPv4-compatible IPv6 address' : 'outside the global unicast range 2000::/3';
    return `${ip} is ${kind}`;
  }
  if (range !== 'unicast') return `${ip} is not a public address (${range})`;
  return null;
}

/** The host of a URL without brackets or trailing dots (`localhost.` is `localhost`). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '');
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
  const host = hostOf(url);
  if (!host) throw new UrlRefused('url has no host');
  if (!net.isIP(host) && BLOCKED_NAMES.some((re) => re.test(host))) throw new UrlRefused(`${host} is a local or metadata name`);
  if (!net.isIP(host) && !host.includes('.')) throw new UrlRefused(`${host} is not a public host name`);
  return url;
}

const testLookups = new Map<string, number>();

function testResolve(file: string, host: string): string[] {
  const table = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string[] | { sequence: string[][] }>;
  const entry = table[host];
  if (!entry) throw new UrlRefused(`${host} does not resolve`);
  if (Array.isArray(entry)) return entry;
  const n = testLookups.get(host) ?? 0;
  testLookups.set(host, n + 1);
  return entry.sequence[Math.min(n, entry.sequence.length - 1)];
}

async function resolve(host: string): Promise<string[]> {
  if (net.isIP(host)) return [host];
  const file = process.env.WEBHOOKS_TEST_RESOLVER_FILE;
  if (file) return testResolve(file, host);
  try {
    return (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    throw new UrlRefused(`${host} does not resolve`);
  }
}

/** Resolves the URL's host and checks every address; returns the one to connect to. */
export async function checkedAddress(url: URL): Promise<{ host: string; address: string; family: 4 | 6 }> {
  const host = hostOf(url);
  const addresses = await resolve(host);
  if (addresses.length === 0) throw new UrlRefused(`${host} does not resolve`);
  for (const address of addresses) {
    const problem = addressProblem(address);
    if (problem) throw new UrlRefused(net.isIP(host) ? `url host ${problem}` : `${host} resolves to ${address}: ${problem.replace(`${address} is`, 'it is')}`);
  }
  return { host, address: addresses[0], family: net.isIPv4(addresses[0]) ? 4 : 6 };
}

/** True when two textual addresses are the same address (`::1` and `0:0:0:0:0:0:0:1`). */
export function sameAddress(a: string, b: string): boolean {
  if (!ipaddr.isValid(a) || !ipaddr.isValid(b)) return false;
  return ipaddr.process(a).toNormalizedString() === ipaddr.process(b).toNormalizedString();
}

/** Create and update: the shape, then every address the name resolves to now. */
export async function checkWebhookUrl(text: string): Promise<string> {
  const url = checkUrlShape(text);
  await checkedAddress(url);
  return url.toString();
}
