import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from 'playwright-core';
import sharp from 'sharp';
import { demoPackDir } from '../../scripts/paths';

/** The demo pack's prompts, in manifest order. */
export const demoPack: Array<{ file: string; prompt: string }> = JSON.parse(readFileSync(path.join(demoPackDir, 'manifest.json'), 'utf8'));

const signature = async (bytes: Buffer) => sharp(bytes).resize(16, 16, { fit: 'fill' }).greyscale().raw().toBuffer();
let signatures: Promise<Array<{ prompt: string; signature: Buffer }>> | undefined;

/**
 * The demo prompt behind a served challenge image, found by looking (the server re-encodes images, so bytes differ):
 * lets a journey guess the exact prompt and take the lead on purpose. Reads only the public demo pack on disk.
 */
export async function demoPromptOfImage(bytes: Buffer): Promise<string> {
  signatures ??= Promise.all(
    demoPack.map(async (entry) => ({ prompt: entry.prompt, signature: await signature(readFileSync(path.join(demoPackDir, entry.file))) })),
  );
  const target = await signature(bytes);
  let best = { prompt: '', distance: Infinity };
  for (const candidate of await signatures) {
    let distance = 0;
    for (let i = 0; i < target.length; i++) distance += Math.abs(target[i] - candidate.signature[i]);
    if (distance < best.distance) best = { prompt: candidate.prompt, distance };
  }
  return best.prompt;
}

/** The demo prompt behind the image at `base` + `imageUrl`, fetched with `request` (a player's own session). */
export const demoPromptOf = async (request: APIRequestContext, base: string, imageUrl: string) =>
  demoPromptOfImage(Buffer.from(await (await request.get(`${base}${imageUrl}`)).body()));
