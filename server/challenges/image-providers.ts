/**
 * Image generation providers (docs/decisions/014-generation-jobs.md): an OpenAI-compatible images API and the AUTOMATIC1111 / Forge txt2img API.
 * Each turns a prompt into image bytes or throws a ProviderError saying whether trying again may help.
 */
import type { GenerationProvider } from '@contracts/admin-challenges.rules';
import { downloadImage } from './image-download';
import { ProviderError } from './provider-error';

export { ProviderError } from './provider-error';

export interface ImageProvider {
  id: GenerationProvider;
  label: string;
  /** The image bytes (PNG, JPEG or WebP as the provider sends them). */
  generate(prompt: string, signal: AbortSignal): Promise<Buffer>;
}

/** What every provider's answers are held to. */
export interface ProviderLimits {
  /** Largest image accepted (a URL's body; a JSON answer may be a third larger, for base64). */
  maxImageBytes: number;
  /** Downloading an image from a URL the provider answered with. */
  downloadTimeoutMs: number;
  /** Image URLs on the provider's own origin may point into the LAN (GENERATION_ALLOW_LAN_PROVIDER). */
  allowLanProvider: boolean;
}

export const DEFAULT_PROVIDER_LIMITS: ProviderLimits = {
  maxImageBytes: 20 * 1024 * 1024,
  downloadTimeoutMs: 30_000,
  allowLanProvider: false,
};

export interface OpenAiImagesConfig {
  baseUrl: string;
  apiKey?: string;
  model: string;
  size: string;
  limits?: ProviderLimits;
}

export interface Automatic1111Config {
  baseUrl: string;
  steps: number;
  width: number;
  height: number;
  sampler: string;
  limits?: ProviderLimits;
}

/** A JSON answer carrying one base64 image: 4/3 of the image's bytes, plus room for the rest of the answer. */
const jsonAnswerCap = (limits: ProviderLimits) => Math.ceil((limits.maxImageBytes * 4) / 3) + 1024 * 1024;

/** The body as text, refused past `maxBytes` (read as a stream, so a huge answer never sits in memory). */
async function readTextCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new ProviderError(`the provider's answer is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`, false);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new ProviderError(`the provider's answer is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`, false);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function post(url: string, body: unknown, headers: Record<string, string>, signal: AbortSignal, maxBytes: number): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new ProviderError('the provider did not answer in time', true);
    throw new ProviderError(`could not reach the provider (${(error as Error).message})`, true);
  }
  let text: string;
  try {
    text = await readTextCapped(response, maxBytes);
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new ProviderError('the provider did not answer in time', true);
    text = '';
  }
  if (!response.ok) {
    let reason = text.slice(0, 300);
    try {
      const parsed = JSON.parse(text) as { error?: { message?: string } | string; detail?: string };
      reason = (typeof parsed.error === 'string' ? parsed.error : parsed.error?.message) ?? parsed.detail ?? reason;
    } catch {
      // not JSON: keep the text
    }
    const retryAfter = Number(response.headers.get('retry-after'));
    const retryable = response.status === 429 || response.status >= 500 || response.status === 408;
    throw new ProviderError(
      `HTTP ${response.status}: ${reason || response.statusText}`,
      retryable,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ProviderError('the provider answered with something that is not JSON', true);
  }
}

function decodeBase64Image(value: unknown): Buffer {
  if (typeof value !== 'string' || value.length === 0) throw new ProviderError('the provider sent no image', true);
  return Buffer.from(value.replace(/^data:image\/\w+;base64,/, ''), 'base64');
}

/** POST {base}/images/generations; answers with data[0].b64_json or data[0].url (fetched once). */
export function openAiImagesProvider(config: OpenAiImagesConfig): ImageProvider {
  const base = config.baseUrl.replace(/\/$/, '');
  const limits = config.limits ?? DEFAULT_PROVIDER_LIMITS;
  return {
    id: 'openai',
    label: `OpenAI-compatible (${config.model})`,
    async generate(prompt, signal) {
      const headers: Record<string, string> = config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {};
      const body = (await post(
        `${base}/images/generations`,
        { model: config.model, prompt, n: 1, size: config.size },
        headers,
        signal,
        jsonAnswerCap(limits),
      )) as {
        data?: Array<{ b64_json?: unknown; url?: unknown }>;
      };
      const first = body.data?.[0];
      if (first?.b64_json) return decodeBase64Image(first.b64_json);
      if (typeof first?.url === 'string' && first.url) {
        return downloadImage(
          first.url,
          {
            providerOrigin: new URL(base).origin,
            allowLanProvider: limits.allowLanProvider,
            maxBytes: limits.maxImageBytes,
            timeoutMs: limits.downloadTimeoutMs,
          },
          signal,
        );
      }
      throw new ProviderError('the provider sent no image', true);
    },
  };
}

/** POST {base}/sdapi/v1/txt2img; answers with images[0] as base64. */
export function automatic1111Provider(config: Automatic1111Config): ImageProvider {
  const base = config.baseUrl.replace(/\/$/, '');
  const limits = config.limits ?? DEFAULT_PROVIDER_LIMITS;
  return {
    id: 'automatic1111',
    label: 'AUTOMATIC1111 / Forge',
    async generate(prompt, signal) {
      const body = (await post(
        `${base}/sdapi/v1/txt2img`,
        { prompt, steps: config.steps, width: config.width, height: config.height, sampler_name: config.sampler, batch_size: 1, n_iter: 1 },
        {},
        signal,
        jsonAnswerCap(limits),
      )) as { images?: unknown[] };
      return decodeBase64Image(body.images?.[0]);
    },
  };
}
