// The send-time address check for webhook and Slack URLs: in production a host must resolve only to public
// addresses, and the request connects to the very addresses checked (no second lookup for DNS rebinding to win).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0
  ['10.0.0.0', 8], // RFC 1918
  ['100.64.0.0', 10], // CGNAT (and Alibaba's metadata address 100.100.100.200)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata 169.254.169.254
  ['172.16.0.0', 12], // RFC 1918
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // RFC 1918
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 (checked again by its embedded IPv4 below)
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: the IPv4 relay it names (2002:7f00:1:: is 127.0.0.1) is not checked, so none is allowed
  ['fc00::', 7], // unique local (AWS metadata fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (dotted IPv4 tails included); undefined when unreadable. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address;
  const tail = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(':') : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const groups = [...head, ...Array<string>(missing).fill('0'), ...rest].map((group) => parseInt(group, 16));
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : undefined;
}

/** The IPv4 address an IPv6 address carries: IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) or NAT64 (64:ff9b::a.b.c.d). */
function embeddedIpv4(groups: number[]): string | undefined {
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  const zeroPrefix = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  const nat64 = g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0;
  if (!((zeroPrefix && (g5 === 0xffff || (g5 === 0 && g6 !== 0))) || nat64)) return undefined;
  return `${g6 >> 8}.${g6 & 255}.${g7 >> 8}.${g7 & 255}`;
}

/** True for loopback, private, link-local, CGNAT, unspecified, multicast, reserved and metadata addresses, every IPv4-mapped address and 6to4. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true; // not an address at all: refuse rather than guess
  const zoneless = address.replace(/%.*$/, '');
  const groups = ipv6Groups(zoneless);
  if (!groups) return true;
  // ::ffff:0:0/96, IPv4-mapped: no public DNS answer is one, and a socket given one reaches IPv4 behind the IPv6 check.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) return true;
  const v4 = embeddedIpv4(groups);
  if (v4 !== undefined) return blocked.check(v4, 'ipv4');
  return blocked.check(zoneless, 'ipv6');
}

export class BlockedAddressError extends Error {
  constructor(host: string, address: string) {
    super(`Refused: ${host} resolves to a private or local address (${address}).`);
    this.name = 'BlockedAddressError';
  }
}

export type Resolve = (host: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (host) =>
  new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });

/**
 * Every address `host` resolves to (an IP literal is itself); with allowPrivate false, throws BlockedAddressError
 * when ANY of them is private, so a name with one public and one private record is refused too.
 */
export async function resolveAllowedAddresses(host: string, options: { allowPrivate: boolean; resolve?: Resolve }): Promise<LookupAddress[]> {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const family = isIP(bare);
  const addresses = family !== 0 ? [{ address: bare, family }] : await (options.resolve ?? systemResolve)(bare);
  if (addresses.length === 0) throw new Error(`${bare} does not resolve to any address.`);
  if (!options.allowPrivate) {
    const bad = addresses.find((entry) => isPrivateAddress(entry.address));
    if (bad) throw new BlockedAddressError(bare, bad.address);
  }
  return addresses;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http.request that answers with addresses already checked, never asking DNS again. */
export function pinnedLookup(addresses: LookupAddress[]) {
  return (_hostname: string, options: { all?: boolean } | number | undefined, callback: LookupCallback): void => {
    const first = addresses[0];
    if (typeof options === 'object' && options?.all) callback(null, addresses);
    else if (first) callback(null, first.address, first.family);
    else callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '', 0);
  };
}
