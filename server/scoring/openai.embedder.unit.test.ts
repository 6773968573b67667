/** The openai provider against a real local HTTP server speaking the embeddings protocol. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenAiEmbedder, OpenAiEmbeddingError } from './openai.embedder';
import { createScorerFromEmbedder } from './scorer';

interface Seen {
  path: string;
  authorization?: string;
  body: { model: string; input: string[] };
}

let server: Server;
let baseUrl: string;
const seen: Seen[] = [];

/** Deterministic fake "model": a 3-d vector from the text, deliberately not normalised. */
const vectorFor = (text: string) => [text.length, text.split(' ').length, 1];

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = JSON.parse(await readBody(req));
    seen.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
    const reply = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
    };
    if (body.model === 'broken') return reply(500, { error: { message: 'model exploded' } });
    if (body.model === 'garbage') return reply(200, '{"nope": true}');
    if (body.model === 'short') return reply(200, { data: [{ embedding: [1, 0, 0], index: 0 }] });
    if (body.model === 'slow') return void setTimeout(() => reply(200, { data: [] }), 2_000);
    // Reply out of order, as the protocol allows: clients must use `index`.
    const data = body.input.map((text: string, index: number) => ({ object: 'embedding', embedding: vectorFor(text), index })).reverse();
    reply(200, { object: 'list', data, model: body.model });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('OpenAiEmbedder', () => {
  it('posts {model, input} to {baseUrl}/embeddings with the bearer key and returns normalised vectors in input order', async () => {
    const embedder = new OpenAiEmbedder({ baseUrl, apiKey: 'sk-test', model: 'text-embedding-3-small' });
    expect(embedder.id).toBe('openai:text-embedding-3-small');
    const texts = ['a cat', 'a dog on a sofa', 'x'];
    const vectors = await embedder.embed(texts);
    const last = seen.at(-1)!;
    expect(last.path).toBe('/v1/embeddings');
    expect(last.authorization).toBe('Bearer sk-test');
    expect(last.body).toEqual({ model: 'text-embedding-3-small', input: texts });
    vectors.forEach((vector, i) => {
      const raw = vectorFor(texts[i]);
      const norm = Math.hypot(...raw);
      raw.forEach((value, k) => expect(vector[k]).toBeCloseTo(value / norm, 12));
    });
  });

  it('sends no authorization header without a key and splits large inputs into batches', async () => {
    const before = seen.length;
    const embedder = new OpenAiEmbedder({ baseUrl, model: 'local', maxBatch: 2 });
    const vectors = await embedder.embed(['a', 'b b', 'c c c', 'd']);
    expect(vectors).toHaveLength(4);
    const requests = seen.slice(before);
    expect(requests.map((r) => r.body.input)).toEqual([
      ['a', 'b b'],
      ['c c c', 'd'],
    ]);
    expect(requests[0].authorization).toBeUndefined();
  });

  it('reports non-2xx responses with the status and body', async () => {
    const embedder = new OpenAiEmbedder({ baseUrl, model: 'broken' });
    const error = await embedder.embed(['a']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAiEmbeddingError);
    expect((error as OpenAiEmbeddingError).status).toBe(500);
    expect((error as Error).message).toMatch(/HTTP 500.*model exploded/);
  });

  it('rejects malformed or incomplete responses', async () => {
    await expect(new OpenAiEmbedder({ baseUrl, model: 'garbage' }).embed(['a'])).rejects.toThrow(/malformed/);
    await expect(new OpenAiEmbedder({ baseUrl, model: 'short' }).embed(['a', 'b'])).rejects.toThrow(/1 vectors for 2 inputs/);
  });

  it('times out slow servers', async () => {
    const embedder = new OpenAiEmbedder({ baseUrl, model: 'slow', timeoutMs: 200 });
    await expect(embedder.embed(['a'])).rejects.toThrow(/timed out after 200 ms/);
  });

  it('reports unreachable servers clearly', async () => {
    const embedder = new OpenAiEmbedder({ baseUrl: 'http://127.0.0.1:1', model: 'm', timeoutMs: 1_000 });
    await expect(embedder.embed(['a'])).rejects.toThrow(/embedding request to http:\/\/127\.0\.0\.1:1\/embeddings failed/);
  });

  it('plugs into a Scorer: exact prompt is 100, scores stay in 0..100', async () => {
    const scorer = createScorerFromEmbedder(new OpenAiEmbedder({ baseUrl, model: 'local' }));
    expect(scorer.embedderId).toBe('openai:local');
    const scores = await scorer.scoreMany([
      { prompt: 'a red car', guess: 'A red car.' },
      { prompt: 'a red car', guess: 'a blue bicycle near a lake' },
    ]);
    expect(scores[0]).toBe(100);
    expect(scores[1]).toBeGreaterThanOrEqual(0);
    expect(scores[1]).toBeLessThanOrEqual(100);
  });
});
