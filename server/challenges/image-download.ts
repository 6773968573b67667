/**
 * Downloads the image a provider answered with as a URL, without letting that URL reach anything else
 * (docs/decisions/029-hardening-providers-and-public-text.md):
 * - only https:, or the provider's own origin (a self-hosted server on http: may serve its images there);
 * - never data: URLs, never other schemes;
 * - never an address on loopback, a private or carrier-grade NAT network, link-local (cloud metadata lives at
 *   169.254.169.254), unique-local, multicast or otherwise reserved, in IPv4 or IPv6, including IPv4-mapped and
 *   NAT64 forms: literal addresses are checked before connecting, names when they resolve (in the connection's own
 *   DNS look-up, so a name cannot resolve to a public address for a check and a private one for the connection);
 * - unless the organizer allows the provider's own LAN host (GENERATION_ALLOW_LAN_PROVIDER), and then only its origin;
 * - each redirect is checked the same way (at most 3);
 * - the body is streamed with a byte cap and a time-out, and must be declared as an image.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { ProviderError } from './provider-error';

export interface ImageDownloadPolicy {
  /** The provider's own origin (from its base URL), e.g. 'http://gpu-box:7860'. */
  providerOrigin: string;
  /** The organizer allows the provider's own origin to be on the LAN (or this machine). */
  allowLanProvider: boolean;
  /** Largest image accepted, in bytes. */
  maxBytes: number;
  /** The whole download (every redirect, the body) must finish within this. */
  timeoutMs: number;
}

const MAX_REDIRECTS = 3;
const IMAGE_TYPES = /^image\/(png|jpeg|webp|gif|avif)$/;

/** Only globally routed unicast addresses: every special range ipaddr.js knows (loopback, private, …) is refused. */
export function blockedAddressReason(address: string): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  const parsed = ipaddr.process(address); // IPv4-mapped IPv6 (::ffff:127.0.0.1) becomes the IPv4 it carries
  const range = parsed.range();
  return range === 'unicast' ? null : `${parsed.toString()} is a ${range} address`;
}

class BlockedAddress extends Error {}

/** A DNS look-up for the connection that fails when any address of the name is refused. */
function guardedLookup(hostname: string, options: LookupOneOptions | LookupAllOptions, callback: (...args: unknown[]) => void) {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error);
    for (const { address } of addresses) {
      const reason = blockedAddressReason(address);
      if (reason) return callback(new BlockedAddress(`${hostname} resolves to ${reason}`));
    }
    if ((options as LookupAllOptions).all) return callback(null, addresses);
    return callback(null, addresses[0].address, addresses[0].family);
  });
}

const refused = (message: string) => new ProviderError(`image URL refused: ${message}`, false);

/** Checks one URL (the first or a redirect's) and says whether its addresses must be checked too. */
function checkUrl(raw: string, base: string | undefined, policy: ImageDownloadPolicy): { url: URL; checkAddresses: boolean } {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw refused('not a valid URL');
  }
  if (url.protocol === 'data:') throw refused('data: URLs are not accepted');
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refused(`${url.protocol} URLs are not accepted`);
  const ownOrigin = url.origin === policy.providerOrigin;
  if (url.protocol === 'http:' && !ownOrigin) throw refused(`only https: is accepted outside the provider's own origin (${url.origin})`);
  const checkAddresses = !(ownOrigin && policy.allowLanProvider);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (checkAddresses && isIP(host)) {
    const reason = blockedAddressReason(host);
    if (reason) throw refused(reason);
  }
  return { url, checkAddresses };
}

function get(url: URL, checkAddresses: boolean, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      url,
      { method: 'GET', signal, headers: { accept: 'image/*' }, ...(checkAddresses ? { lookup: guardedLookup as never } : {}) },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw new ProviderError(`the image is larger than ${Math.round(maxBytes / 1024 / 1024)} MB (GENERATION_MAX_IMAGE_MB)`, false);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export async function downloadImage(raw: string, policy: ImageDownloadPolicy, callerSignal: AbortSignal): Promise<Buffer> {
  const timeout = AbortSignal.timeout(policy.timeoutMs);
  const signal = AbortSignal.any([callerSignal, timeout]);
  let next = checkUrl(raw, undefined, policy);
  try {
    for (let hop = 0; ; hop++) {
      const response = await get(next.url, next.checkAddresses, signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.destroy();
        if (hop >= MAX_REDIRECTS) throw refused(`more than ${MAX_REDIRECTS} redirects`);
        next = checkUrl(response.headers.location, next.url.href, policy);
        continue;
      }
      if (status < 200 || status >= 300) {
        response.destroy();
        throw new ProviderError(`could not download the image (HTTP ${status})`, status >= 500 || status === 429 || status === 408);
      }
      const type = (response.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      if (!IMAGE_TYPES.test(type)) {
        response.destroy();
        throw new ProviderError(
          `the image URL answered with ${type || 'no content type'}, not a PNG, JPEG, WebP, GIF or AVIF image`,
          false,
        );
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > policy.maxBytes) {
        response.destroy();
        throw new ProviderError(
          `the image is larger than ${Math.round(policy.maxBytes / 1024 / 1024)} MB (GENERATION_MAX_IMAGE_MB)`,
          false,
        );
      }
      return await readCapped(response, policy.maxBytes);
    }
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    if (error instanceof BlockedAddress) throw refused(error.message);
    if (timeout.aborted && !callerSignal.aborted)
      throw new ProviderError(`the image download did not finish within ${policy.timeoutMs} ms`, true);
    if (callerSignal.aborted) throw new ProviderError('the provider did not answer in time', true);
    throw new ProviderError(`could not download the image (${(error as Error).message})`, true);
  }
}
