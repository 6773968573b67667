import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';

/**
 * Booth set-up checks: which URLs phones on the booth network can open, and whether the URLs the server hands
 * out (mail links, the QR code, the origin check) point at this machine's loopback, which no phone can reach.
 * Pure functions, except `currentInterfaces`; main.ts prints the result at start-up.
 */

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '0.0.0.0', '::']);

/** True when `url` (or a bare host name) only ever reaches the machine it is opened on. Unparseable: false. */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    const bare = url.includes('://') ? null : url.includes(':') && !url.startsWith('[') ? `[${url}]` : url;
    host = new URL(bare === null ? url : `http://${bare}`).hostname.toLowerCase();
  } catch {
    return false;
  }
  host = host.replace(/^\[|\]$/g, '');
  if (LOOPBACK_HOSTS.has(host) || host.endsWith('.localhost')) return true;
  if (/^127(\.\d{1,3}){3}$/.test(host)) return true;
  return /^::ffff:127\./.test(host) || host === '::ffff:7f00:1';
}

/** Whether listening on `host` lets other machines in (0.0.0.0, ::, or a LAN address) or only this one. */
export const isExposedHost = (host: string) => host === '0.0.0.0' || host === '::' || !isLoopbackUrl(host);

export type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;
export const currentInterfaces = (): Interfaces => networkInterfaces();

/** http://<address>:<port> for every non-internal IPv4 address phones on the same network can use. */
export function lanUrls(port: number, interfaces: Interfaces, host = '0.0.0.0'): string[] {
  const addresses = Object.values(interfaces)
    .flat()
    .filter((info): info is NetworkInterfaceInfo => Boolean(info) && !info!.internal && info!.family === 'IPv4')
    .map((info) => info.address);
  // Bound to one address: that one is the only way in.
  const reachable = host === '0.0.0.0' || host === '::' ? addresses : addresses.filter((address) => address === host);
  return [...new Set(reachable)].map((address) => `http://${address}:${port}`);
}

export interface BoothReport {
  /** URLs phones can open (empty when the server only listens on loopback). */
  phoneUrls: string[];
  /** Human-readable problems, each with what to set. */
  warnings: string[];
}

/** What `npm start` tells the organizer about reaching the game from phones. */
export function boothReport(options: {
  host: string;
  port: number;
  publicUrl: string;
  gameUrl: string;
  interfaces: Interfaces;
}): BoothReport {
  const { host, port, publicUrl, gameUrl, interfaces } = options;
  if (!isExposedHost(host)) return { phoneUrls: [], warnings: [] };
  const phoneUrls = lanUrls(port, interfaces, host);
  const suggestion = phoneUrls[0] ?? `http://<this machine's address>:${port}`;
  const warnings: string[] = [];
  if (isLoopbackUrl(publicUrl)) {
    warnings.push(
      `PUBLIC_URL is ${publicUrl}, which only this machine can open: mail links and sign-in from phones will fail. ` +
        `Set PUBLIC_URL=${suggestion} (or the name phones use).`,
    );
  }
  if (isLoopbackUrl(gameUrl) && gameUrl !== publicUrl) {
    warnings.push(`GAME_URL is ${gameUrl}: the booth screen's QR code would open this machine on the phone. Set GAME_URL=${suggestion}.`);
  } else if (isLoopbackUrl(gameUrl)) {
    warnings.push(`The booth screen's QR code opens ${gameUrl}, which phones cannot reach (it follows PUBLIC_URL unless GAME_URL is set).`);
  }
  return { phoneUrls, warnings };
}

/** The start-up banner: plain lines for a terminal. */
export function formatBoothReport(report: BoothReport, publicUrl: string): string {
  const lines = [`Guess the Genesis is running. Players open: ${publicUrl}`];
  if (report.phoneUrls.length > 0)
    lines.push('Phones on this network can reach this machine at:', ...report.phoneUrls.map((url) => `  ${url}`));
  for (const warning of report.warnings) lines.push(`WARNING: ${warning}`);
  return lines.join('\n');
}
