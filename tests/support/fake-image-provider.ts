/**
 * A local image generator speaking both providers' real HTTP protocols, returning real PNGs made with sharp:
 *   POST /v1/images/generations   (OpenAI-compatible: {data: [{b64_json}]} or {data: [{url}]})
 *   POST /sdapi/v1/txt2img        (AUTOMATIC1111 / Forge: {images: [base64]})
 * Prompts steer it: '[refuse]' → 400 with an OpenAI-style error; '[ratelimit]' → 429 (Retry-After: 0) on the first
 * two calls; '[flaky]' → 500 on the first call; '[hang]' → never answers; '[url]' → a URL instead of b64_json;
 * '[huge]' → a 5 MB answer;
 * '<url:X>' → X as the image URL, verbatim (tests of what the server may download).
 * Besides /files/…, it serves answers that image downloads must refuse or survive:
 *   GET /redirect?to=X   302 to X                   GET /html           an HTML page, not an image
 *   GET /big?mb=N        N MB of "PNG", streamed without a length (bigSentBytes counts what went out)
 *   GET /big-declared    declares 300 MB, sends 1 KB  GET /slow           one byte every 100 ms
 * `delayMs` slows every answer; `calls` counts requests per prompt; `gets` lists every GET path.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface FakeImageProvider {
  url: string;
  /** Requests per prompt (generation endpoints only). */
  calls: Map<string, number>;
  /** Bodies received, for protocol assertions. */
  bodies: Array<{ path: string; body: Record<string, unknown>; authorization?: string }>;
  /** Paths of every GET (image downloads). */
  gets: string[];
  /** Bytes /big has written so far. */
  readonly bigSentBytes: number;
  delayMs: number;
  close(): Promise<void>;
}

async function imageFor(prompt: string): Promise<Buffer> {
  const hash = createHash('sha256').update(prompt).digest();
  return sharp({ create: { width: 96, height: 96, channels: 3, background: { r: hash[0], g: hash[1], b: hash[2] } } })
    .composite([
      {
        input: await sharp({ create: { width: 96, height: 12, channels: 3, background: { r: hash[3], g: hash[4], b: hash[5] } } })
          .png()
          .toBuffer(),
        top: hash[6] % 84,
        left: 0,
      },
    ])
    .png()
    .toBuffer();
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

export async function startFakeImageProvider(options: { delayMs?: number } = {}): Promise<FakeImageProvider> {
  const calls = new Map<string, number>();
  const bodies: FakeImageProvider['bodies'] = [];
  const files = new Map<string, Buffer>();
  const hanging = new Set<ServerResponse>();
  const state = { delayMs: options.delayMs ?? 0, bigSentBytes: 0 };
  const gets: string[] = [];

  const server = createServer(async (request, response) => {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET') gets.push(request.url ?? '');
    if (request.method === 'GET' && request.url) {
      const url = new URL(request.url, 'http://fake');
      if (url.pathname === '/redirect') {
        response.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
        return response.end();
      }
      if (url.pathname === '/html') {
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.end('<html><body>not an image</body></html>');
      }
      if (url.pathname === '/big-declared') {
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(300 * 1024 * 1024) });
        return response.write(Buffer.alloc(1024));
      }
      if (url.pathname === '/big') {
        // Streams until the client stops reading or hangs up (or N MB went out).
        const total = Number(url.searchParams.get('mb') ?? '300') * 1024 * 1024;
        const chunk = Buffer.alloc(64 * 1024, 1);
        response.writeHead(200, { 'content-type': 'image/png' });
        const pump = () => {
          while (state.bigSentBytes < total && !response.destroyed) {
            state.bigSentBytes += chunk.length;
            if (!response.write(chunk)) return void response.once('drain', pump);
          }
          response.end();
        };
        return pump();
      }
      if (url.pathname === '/slow') {
        response.writeHead(200, { 'content-type': 'image/png' });
        hanging.add(response);
        const timer = setInterval(() => (response.destroyed ? clearInterval(timer) : response.write(Buffer.from([0]))), 100);
        response.on('close', () => clearInterval(timer));
        return;
      }
    }
    if (request.method === 'GET' && request.url?.startsWith('/files/')) {
      const file = files.get(request.url.slice('/files/'.length));
      if (!file) return send(404, { error: 'no such file' });
      response.writeHead(200, { 'content-type': 'image/png' });
      return response.end(file);
    }
    const openai = request.method === 'POST' && request.url === '/v1/images/generations';
    const a1111 = request.method === 'POST' && request.url === '/sdapi/v1/txt2img';
    if (!openai && !a1111) return send(404, { error: 'not found' });
    const body = JSON.parse(await readBody(request)) as Record<string, unknown>;
    bodies.push({ path: request.url!, body, authorization: request.headers.authorization });
    const prompt = String(body.prompt ?? '');
    const count = (calls.get(prompt) ?? 0) + 1;
    calls.set(prompt, count);
    if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));

    if (prompt.includes('[hang]')) {
      hanging.add(response);
      return;
    }
    if (prompt.includes('[refuse]')) {
      return openai
        ? send(400, {
            error: {
              message: 'Your request was rejected as a result of our safety system.',
              type: 'invalid_request_error',
              code: 'content_policy_violation',
            },
          })
        : send(422, { detail: 'prompt refused by the safety checker' });
    }
    if (prompt.includes('[ratelimit]') && count <= 2)
      return send(429, { error: { message: 'Rate limit reached for images per minute.' } }, { 'retry-after': '0' });
    if (prompt.includes('[flaky]') && count === 1)
      return send(500, { error: { message: 'The server had an error while processing your request.' } });

    if (prompt.includes('[huge]')) return send(200, { data: [{ b64_json: 'A'.repeat(5 * 1024 * 1024) }] });

    const png = await imageFor(prompt);
    if (a1111) return send(200, { images: [png.toString('base64')], parameters: body, info: '{}' });
    const given = prompt.match(/<url:([^>]+)>/)?.[1];
    if (given) return send(200, { created: Math.floor(Date.now() / 1000), data: [{ url: given }] });
    if (prompt.includes('[url]')) {
      const name = `${createHash('sha1').update(prompt).digest('hex')}.png`;
      files.set(name, png);
      const { port } = server.address() as AddressInfo;
      return send(200, { created: Math.floor(Date.now() / 1000), data: [{ url: `http://127.0.0.1:${port}/files/${name}` }] });
    }
    return send(200, { created: Math.floor(Date.now() / 1000), data: [{ b64_json: png.toString('base64') }] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    bodies,
    gets,
    get bigSentBytes() {
      return state.bigSentBytes;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value: number) {
      state.delayMs = value;
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
