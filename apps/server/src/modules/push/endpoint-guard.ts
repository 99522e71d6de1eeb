import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Push endpoints are URLs the server will POST to, given by a browser: a guard against
 * server-side request forgery. Only https: addresses of public hosts are taken, checked when
 * registered (the name) and again when sent to (the addresses the name resolves to, so a name
 * that later points inside the network is refused too). PUSH_ENDPOINTS_ALLOW's prefixes are
 * taken as they are (a private push service, a test's stand-in).
 */

const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv6');
}

/** An address inside a private, local, reserved or multicast range. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 one.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return privateRanges.check(mapped[1]!, 'ipv4');
    return privateRanges.check(address, 'ipv6');
  }
  return privateRanges.check(address, 'ipv4');
}

const localNames = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|localdomain)$/i;

/** Whether an endpoint is on the allow list given by PUSH_ENDPOINTS_ALLOW. */
export function isAllowListed(endpoint: string, allow: readonly string[]): boolean {
  return allow.some((prefix) => endpoint.startsWith(prefix));
}

/**
 * Whether the server may send to this endpoint: on the allow list, or an https: URL without
 * credentials whose host is a public name (with a dot, not a local suffix) or a public address.
 */
export function isAcceptedEndpoint(endpoint: string, allow: readonly string[]): boolean {
  if (isAllowListed(endpoint, allow)) return true;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return !isPrivateAddress(host);
  return host.includes('.') && !localNames.test(host) && !host.endsWith('.');
}

/** Resolves like dns.lookup, and refuses a name with any private address among its answers. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => isPrivateAddress(entry.address));
    if (refused || addresses.length === 0) {
      const denied = Object.assign(new Error(`push endpoint ${hostname} resolves to a private address`), {
        code: 'EPUSHPRIVATE',
      });
      return callback(denied, '', 0);
    }
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
      return;
    }
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/** The HTTPS agent for endpoints not on the allow list: it connects to public addresses only. */
export const publicOnlyAgent = new Agent({ lookup: publicOnlyLookup, keepAlive: true });
