/**
 * Image generation providers (SPEC 12): an OpenAI-compatible images API and the AUTOMATIC1111 / Forge txt2img API.
 * Each turns a prompt into image bytes or throws a ProviderError saying whether trying again may help.
 */
import type { GenerationProvider } from '@contracts/admin-challenges.rules';

export interface ImageProvider {
  id: GenerationProvider;
  label: string;
  /** The image bytes (PNG, JPEG or WebP as the provider sends them). */
  generate(prompt: string, signal: AbortSignal): Promise<Buffer>;
}

export class ProviderError extends Error {
  constructor(
    message: string,
    /** 429, 5xx, time-outs and network errors are worth another try; a refused prompt or a bad key is not. */
    readonly retryable: boolean,
    /** Seconds the provider asked us to wait (Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export interface OpenAiImagesConfig {
  baseUrl: string;
  apiKey?: string;
  model: string;
  size: string;
}

export interface Automatic1111Config {
  baseUrl: string;
  steps: number;
  width: number;
  height: number;
  sampler: string;
}

async function post(url: string, body: unknown, headers: Record<string, string>, signal: AbortSignal): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal });
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new ProviderError('the provider did not answer in time', true);
    throw new ProviderError(`could not reach the provider (${(error as Error).message})`, true);
  }
  const text = await response.text().catch(() => '');
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
    throw new ProviderError(`HTTP ${response.status}: ${reason || response.statusText}`, retryable, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
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
  return {
    id: 'openai',
    label: `OpenAI-compatible (${config.model})`,
    async generate(prompt, signal) {
      const headers: Record<string, string> = config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {};
      const body = (await post(`${base}/images/generations`, { model: config.model, prompt, n: 1, size: config.size }, headers, signal)) as {
        data?: Array<{ b64_json?: string; url?: string }>;
      };
      const first = body.data?.[0];
      if (first?.b64_json) return decodeBase64Image(first.b64_json);
      if (first?.url) {
        const image = await fetch(first.url, { signal }).catch((error: Error) => {
          throw new ProviderError(`could not download the image (${error.message})`, true);
        });
        if (!image.ok) throw new ProviderError(`could not download the image (HTTP ${image.status})`, image.status >= 500 || image.status === 429);
        return Buffer.from(await image.arrayBuffer());
      }
      throw new ProviderError('the provider sent no image', true);
    },
  };
}

/** POST {base}/sdapi/v1/txt2img; answers with images[0] as base64. */
export function automatic1111Provider(config: Automatic1111Config): ImageProvider {
  const base = config.baseUrl.replace(/\/$/, '');
  return {
    id: 'automatic1111',
    label: 'AUTOMATIC1111 / Forge',
    async generate(prompt, signal) {
      const body = (await post(
        `${base}/sdapi/v1/txt2img`,
        { prompt, steps: config.steps, width: config.width, height: config.height, sampler_name: config.sampler, batch_size: 1, n_iter: 1 },
        {},
        signal,
      )) as { images?: string[] };
      return decodeBase64Image(body.images?.[0]);
    },
  };
}
