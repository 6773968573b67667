/**
 * TRUST_PROXY, read once: what Fastify's trustProxy option gets, and whether a socket peer is a proxy we trust (so its
 * forwarded headers, such as an incoming request id, may be believed; and a request from it is not "this machine").
 * Unset/'false' = trust nobody; a number = that many proxy hops in front of us (any direct peer is one); else the
 * proxies' addresses/CIDRs. 'true' (trust every hop) is refused by env.ts: it lets a client choose its own address.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';

export interface ProxyTrust {
  fastifyOption: false | string[] | ((address: string, hop: number) => boolean);
  /** True when the TCP peer is a trusted proxy. */
  trustsPeer(address: string | undefined): boolean;
}

export function proxyTrustFrom(value: string | undefined): ProxyTrust {
  if (!value || value === 'false') return { fastifyOption: false, trustsPeer: () => false };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return { fastifyOption: (_address, hop) => hop < hops, trustsPeer: (address) => address !== undefined && hops > 0 };
  }
  const entries = value.split(',').map((part) => part.trim());
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/');
    if (!isIPv4(address) && !isIPv6(address)) continue; // env.ts lets only addresses and CIDRs through
    const family = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return {
    fastifyOption: entries,
    trustsPeer(address) {
      if (!address) return false;
      const plain = address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
      return list.check(plain, isIPv6(plain) ? 'ipv6' : 'ipv4');
    },
  };
}
