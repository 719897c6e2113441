// Server-side request forgery guard for webhook URLs. A subscriber chooses the URL and the server
// calls it, so an unchecked URL would let anyone make this server call its own admin ports, the
// cloud metadata service (169.254.169.254) or the private network.
//
// This file checks what can be checked without the network: scheme, credentials, IP literals in
// every spelling the URL parser accepts, and names that only resolve inside a network. The
// caller must then resolve the name, pass every address to `checkResolvedAddresses`, and connect
// to the returned address itself, not resolve again: a second lookup could answer differently
// (DNS rebinding).

import { BlockList, isIP } from 'node:net';

export type UrlRejection =
  | 'invalid_url'
  | 'unsupported_scheme'
  | 'credentials_in_url'
  | 'private_address'
  | 'local_hostname'
  | 'unresolved';

export type UrlCheck =
  | { readonly ok: true; readonly url: string; readonly hostname: string; readonly ip: string | null }
  | { readonly ok: false; readonly reason: UrlRejection; readonly message: string };

export interface UrlGuardOptions {
  /** For self-hosted setups whose receivers live on the private network. */
  readonly allowPrivate: boolean;
}

const MAX_URL_LENGTH = 2048;

export function checkWebhookUrl(input: string, options: UrlGuardOptions): UrlCheck {
  if (typeof input !== 'string' || input.length === 0 || input.length > MAX_URL_LENGTH) {
    return fail('invalid_url', `the URL must be a string of 1 to ${MAX_URL_LENGTH} characters`);
  }
  let url: URL;
  try {
    // The WHATWG parser is the one the HTTP client uses, so it decides what the host really is:
    // it turns `2130706433`, `0x7f.1` and `0177.0.0.1` into 127.0.0.1 and decodes `%6c%6f…`.
    url = new URL(input);
  } catch {
    return fail('invalid_url', 'the URL cannot be parsed');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return fail('unsupported_scheme', `only http and https are allowed, not ${url.protocol.replace(/:$/, '')}`);
  }
  if (url.username !== '' || url.password !== '') {
    return fail('credentials_in_url', 'credentials in the URL are not allowed; the payload is signed instead');
  }

  const hostname = url.hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '');
  if (hostname === '') return fail('invalid_url', 'the URL has no host');
  const ip = isIP(hostname) ? hostname : null;
  if (!options.allowPrivate) {
    if (ip !== null && isPrivateAddress(ip)) {
      return fail('private_address', `${ip} is not a public address`);
    }
    if (ip === null && isLocalHostname(hostname)) {
      return fail('local_hostname', `${hostname} names a host on a local network`);
    }
  }
  return { ok: true, url: url.href, hostname, ip };
}

/**
 * After DNS resolution: every address must be public (one private answer is enough for an
 * attacker's name to reach inside). Returns the address to connect to.
 */
export function checkResolvedAddresses(
  addresses: readonly string[],
  options: UrlGuardOptions,
): { readonly ok: true; readonly address: string } | { readonly ok: false; readonly reason: UrlRejection; readonly message: string } {
  const first = addresses[0];
  if (first === undefined) return fail('unresolved', 'the host name did not resolve to any address');
  if (!options.allowPrivate) {
    const bad = addresses.find((a) => isPrivateAddress(a));
    if (bad !== undefined) return fail('private_address', `the host name resolves to ${bad}, which is not a public address`);
  }
  return { ok: true, address: first };
}

const V4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 reaches the local host
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
] as const) {
  V4.addSubnet(net, prefix, 'ipv4');
}

// Only global unicast (2000::/3) can be public; inside it, these ranges are not.
const V6 = new BlockList();
for (const [net, prefix] of [
  ['2001::', 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
] as const) {
  V6.addSubnet(net, prefix, 'ipv6');
}

/**
 * True for any address that is not publicly routable: loopback, private, link-local,
 * unique-local, CGNAT, multicast, unspecified, documentation, and IPv6 forms that embed such an
 * IPv4 address. Anything that does not parse as an address is treated as private (fail closed).
 */
export function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(ip);
  if (family === 4) return V4.check(ip, 'ipv4');
  if (family !== 6) return true;

  const h = parseIPv6(ip);
  if (!h) return true;
  const zeros = (from: number, to: number) => h.slice(from, to).every((x) => x === 0);
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;

  if (zeros(0, 5) && h[5] === 0xffff) return isPrivateAddress(v4(h[6] as number, h[7] as number)); // ::ffff:a.b.c.d
  if (h[0] === 0x64 && h[1] === 0xff9b && zeros(2, 6)) return isPrivateAddress(v4(h[6] as number, h[7] as number)); // NAT64
  if (h[0] === 0x2002) return isPrivateAddress(v4(h[1] as number, h[2] as number)); // 6to4
  if (((h[0] as number) & 0xe000) !== 0x2000) return true; // ::, ::1, fc00::/7, fe80::/10, ff00::/8, …
  return V6.check(ip, 'ipv6');
}

/** Eight 16-bit groups, or null; accepts `::` compression and a dotted IPv4 tail. */
function parseIPv6(ip: string): number[] | null {
  let text = ip.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string | undefined) => (s ? s.split(':') : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  const out = all.map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : Number.NaN));
  return out.some(Number.isNaN) ? null : out;
}

// Names that resolve only inside a network. A single label (`redis`, `metadata`) goes through
// the resolver's search domains and lands on internal hosts.
const LOCAL_SUFFIXES = ['localhost', 'localdomain', 'local', 'internal', 'intranet', 'lan', 'home', 'corp', 'arpa'];

export function isLocalHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, '');
  if (!name.includes('.')) return true;
  if (name === 'ip6-localhost' || name === 'ip6-loopback') return true;
  const tld = name.slice(name.lastIndexOf('.') + 1);
  return LOCAL_SUFFIXES.includes(tld);
}

function fail(reason: UrlRejection, message: string): { ok: false; reason: UrlRejection; message: string } {
  return { ok: false, reason, message };
}
