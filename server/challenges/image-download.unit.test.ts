// Image URLs a provider answers with, against the local fake provider and local "internal" servers (real HTTP, no
// mocked fetch): only https: or the provider's own origin, nothing on loopback/private/link-local/metadata ranges
// (literal, resolved, mapped or redirected to), a byte cap, a time-out and an image content type.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeImageProvider, type FakeImageProvider } from '../../tests/support/fake-image-provider';
import { blockedAddressReason } from './image-download';
import { DEFAULT_PROVIDER_LIMITS, openAiImagesProvider, ProviderError, type ProviderLimits } from './image-providers';

let fake: FakeImageProvider;
/** Stand-ins for services on the organizer's network: they count every TCP connection they get. */
const internal: Array<{ server: Server; port: number; connections: number }> = [];
const internalConnections = () => internal.reduce((sum, one) => sum + one.connections, 0);

async function internalServer(host: string) {
  const entry = { server: createServer((_request, response) => response.end('secret')), port: 0, connections: 0 };
  entry.server.on('connection', () => entry.connections++);
  await new Promise<void>((resolve) => entry.server.listen(0, host, resolve));
  entry.port = (entry.server.address() as AddressInfo).port;
  internal.push(entry);
  return entry;
}

let onLoopback: { port: number };
let onOtherLoopback: { port: number };
beforeAll(async () => {
  fake = await startFakeImageProvider();
  onLoopback = await internalServer('127.0.0.1');
  onOtherLoopback = await internalServer('127.0.0.2');
});
afterAll(async () => {
  await fake?.close();
  for (const { server } of internal) await new Promise((resolve) => server.close(resolve));
});

const provider = (limits: Partial<ProviderLimits> = {}) =>
  openAiImagesProvider({
    baseUrl: `${fake.url}/v1`,
    model: 'fake-model',
    size: '64x64',
    limits: { ...DEFAULT_PROVIDER_LIMITS, ...limits },
  });
const lan = { allowLanProvider: true };

/** The ProviderError a generation ends with (or the image it got). */
async function outcome(prompt: string, limits: Partial<ProviderLimits> = {}) {
  try {
    return { image: await provider(limits).generate(prompt, AbortSignal.timeout(20_000)) };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return { error };
  }
}

async function expectRefused(prompt: string, reason: RegExp, limits: Partial<ProviderLimits> = {}) {
  const before = internalConnections();
  const { error } = await outcome(prompt, limits);
  expect(error?.message, prompt).toMatch(reason);
  expect(error?.retryable, prompt).toBe(false);
  expect(internalConnections(), `${prompt} reached an internal server`).toBe(before);
}

describe('which addresses an image may come from', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:2', 'loopback'],
    ['::127.0.0.1', 'loopback'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.50', 'private'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['169.254.169.254', 'linkLocal'],
    ['::ffff:a9fe:a9fe', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['fd00:ec2::254', 'uniqueLocal'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['64:ff9b::7f00:1', 'rfc6052'],
    ['2002:7f00:1::', '6to4'],
  ])('refuses %s (%s)', (address, range) => {
    expect(blockedAddressReason(address)).toMatch(new RegExp(`is a ${range} address$`));
  });
  it.each(['93.184.215.14', '8.8.8.8', '2606:4700::6810:84e5'])('accepts the public address %s', (address) => {
    expect(blockedAddressReason(address)).toBeNull();
  });
});

describe('an image URL from the provider', () => {
  it("is refused on the provider's own origin when that is this machine, unless the organizer allows the LAN provider", async () => {
    await expectRefused('own origin [url]', /image URL refused: 127\.0\.0\.1 is a loopback address/);
    expect(fake.gets.filter((path) => path.startsWith('/files/'))).toHaveLength(0);
    const { image } = await outcome('own origin, allowed [url]', lan);
    expect((await sharp(image!).metadata()).format).toBe('png');
  });

  it('refuses data:, other schemes, and http: outside the provider’s own origin', async () => {
    await expectRefused('<url:data:image/png;base64,iVBORw0KGgo=>', /data: URLs are not accepted/);
    await expectRefused('<url:file:///etc/passwd>', /file: URLs are not accepted/);
    await expectRefused('<url:ftp://127.0.0.2/x.png>', /ftp: URLs are not accepted/);
    await expectRefused(`<url:http://127.0.0.2:${onOtherLoopback.port}/x.png>`, /only https: is accepted/, lan);
  });

  it('refuses https: to internal addresses, written as literals or in mapped and numeric forms, without connecting', async () => {
    for (const host of [
      `127.0.0.2:${onOtherLoopback.port}`,
      `[::1]:${onLoopback.port}`,
      `[::ffff:127.0.0.1]:${onLoopback.port}`,
      `[::ffff:7f00:2]:${onOtherLoopback.port}`,
      `2130706433:${onLoopback.port}`,
      `0x7f.1:${onLoopback.port}`,
      `0.0.0.0:${onLoopback.port}`,
      '169.254.169.254',
      '[fd00:ec2::254]',
      '10.0.0.5',
      '192.168.1.50:3000',
      '[64:ff9b::7f00:1]',
      '[fe80::1]',
    ]) {
      await expectRefused(`<url:https://${host}/latest/meta-data/>`, /image URL refused: .* is a \w+ address/);
    }
  });

  it('refuses a name that resolves to an internal address (checked in the connection’s own look-up)', async () => {
    await expectRefused(
      `<url:https://localhost:${onLoopback.port}/x.png>`,
      /image URL refused: localhost resolves to .* is a loopback address/,
    );
  });

  it('checks every redirect the same way, and follows at most 3', async () => {
    const via = (target: string) => `<url:${fake.url}/redirect?to=${encodeURIComponent(target)}>`;
    await expectRefused(via(`http://127.0.0.2:${onOtherLoopback.port}/secret`), /only https: is accepted/, lan);
    await expectRefused(via(`https://127.0.0.2:${onOtherLoopback.port}/secret`), /127\.0\.0\.2 is a loopback address/, lan);
    await expectRefused(via(`https://[::ffff:169.254.169.254]/latest/meta-data/`), /169\.254\.169\.254 is a linkLocal address/, lan);
    await expectRefused(via(`https://localhost:${onLoopback.port}/secret`), /localhost resolves to .* loopback address/, lan);
    await expectRefused(via('data:image/png;base64,iVBORw0KGgo='), /data: URLs are not accepted/, lan);
    const loop = `${fake.url}/redirect?to=${encodeURIComponent(`${fake.url}/redirect?to=${encodeURIComponent(`${fake.url}/redirect?to=${encodeURIComponent(`${fake.url}/redirect?to=/html`)}`)}`)}`;
    await expectRefused(`<url:${loop}>`, /more than 3 redirects/, lan);
  });

  it('stops reading at GENERATION_MAX_IMAGE_MB: a 300 MB answer costs about the cap, not 300 MB', async () => {
    const sentBefore = fake.bigSentBytes;
    await expectRefused(`<url:${fake.url}/big?mb=300>`, /larger than 1 MB/, { ...lan, maxImageBytes: 1024 * 1024 });
    // What went out before the connection closed: the cap plus socket buffers, far from 300 MB.
    await expect.poll(() => fake.bigSentBytes - sentBefore).toBeLessThan(32 * 1024 * 1024);
    await expectRefused(`<url:${fake.url}/big-declared>`, /larger than 1 MB/, { ...lan, maxImageBytes: 1024 * 1024 });
  });

  it('refuses an answer that is not declared as an image', async () => {
    await expectRefused(`<url:${fake.url}/html>`, /answered with text\/html, not a PNG/, lan);
  });

  it('gives up on a download that trickles past its time-out (worth another try later)', async () => {
    const { error } = await outcome(`<url:${fake.url}/slow>`, { ...lan, downloadTimeoutMs: 300 });
    expect(error?.message).toMatch(/did not finish within 300 ms/);
    expect(error?.retryable).toBe(true);
  });

  it('caps the JSON answer itself (base64 images)', async () => {
    const { error } = await outcome('too big to send [huge]', { maxImageBytes: 1024 * 1024 });
    expect(error?.message).toMatch(/answer is larger than \d+ MB/);
  });
});
