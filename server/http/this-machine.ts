/**
 * "This machine": the one test the development mailbox (/dev/mail, every captured code and link) and /metrics use to
 * answer without a token. The TCP peer must be loopback and the request must carry no sign of having been forwarded
 * by anything: a proxy on this machine (nginx, a tunnel, a CDN's agent) sends every outside request from loopback, and
 * each names the real client in a header of its own. Any such header, whatever its value, means "not this machine".
 *
 * A plain TCP forwarder on this machine (socat, `ssh -L`, a balancer in TCP mode) adds no header and cannot be told
 * apart from a local client: README "Watching an instance" says what that exposes and how to close it.
 */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Headers proxies and CDNs use to name the client or the hop (besides every X-Forwarded-*). */
const FORWARDING_HEADERS = new Set([
  'forwarded',
  'via',
  'x-real-ip',
  'x-client-ip',
  'x-cluster-client-ip',
  'x-original-forwarded-for',
  'x-envoy-external-address',
  'cf-connecting-ip',
  'cf-connecting-ipv6',
  'true-client-ip',
  'fastly-client-ip',
  'fly-client-ip',
  'client-ip',
]);

/** Whether a request carries any header a proxy or forwarder adds (names as Node gives them: lower case). */
export function carriesForwarding(headers: Record<string, unknown>): boolean {
  return Object.keys(headers).some((name) => {
    const lower = name.toLowerCase();
    return lower.startsWith('x-forwarded') || FORWARDING_HEADERS.has(lower);
  });
}

/** True only for a request whose TCP peer is loopback and that carries no forwarding header. */
export function isThisMachine(socketAddress: string | undefined, headers: Record<string, unknown>): boolean {
  return socketAddress !== undefined && LOOPBACK.has(socketAddress) && !carriesForwarding(headers);
}
