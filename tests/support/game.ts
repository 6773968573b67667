/** Game helpers for tests: challenge packs (the demo pack, generated ones, zips) and players who play. */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Attempt, GuessResponse } from '@contracts/game';
import { demoPackDir } from '../../scripts/paths';
import { importChallengePack } from '../../server/challenges/challenges-import.service';
import { challenges } from '../../server/db/tables/challenges.tables';
import { attempts } from '../../server/db/tables/game.tables';
import { eventSettings } from '../../server/db/tables/event.tables';
import { createPlayer, type TestPlayer } from './players';
import { tempDirForThisFile } from './temp-dirs';
import { request, type TestApp } from './test-app';

export const importPack = (t: TestApp, packPath: string) =>
  importChallengePack({ db: t.database.db, storage: t.storage, scorer: t.scorer }, packPath);

/** Imports the shared demo pack (24 real image + prompt pairs) into the test app's pool. */
export const importDemoPack = (t: TestApp) => importPack(t, demoPackDir);

export interface PackEntry {
  file: string;
  prompt: string;
}

/** A small distinct PNG per seed (solid colour from the seed, plus a stripe so neighbours differ). */
export async function generatedImage(seed: number, size = 48): Promise<Buffer> {
  const colour = { r: (seed * 67) % 256, g: (seed * 131) % 256, b: (seed * 199 + 17) % 256 };
  const stripe = await sharp({
    create: { width: size, height: 4, channels: 3, background: { r: 255 - colour.r, g: 255 - colour.g, b: 255 - colour.b } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .composite([{ input: stripe, top: seed % (size - 4), left: 0 }])
    .png()
    .toBuffer();
}

/**
 * Writes a pack folder. `entries` default to `count` generated images with prompts 'generated prompt <label> <n> ...'.
 * `files` can add or override raw files (e.g. a broken image).
 */
export async function writePack(options: { count?: number; label?: string; entries?: unknown[]; files?: Record<string, Buffer | string> }) {
  const dir = await tempDirForThisFile('gg-pack-');
  const label = options.label ?? randomBytes(4).toString('hex');
  const files: Record<string, Buffer | string> = {};
  let entries = options.entries;
  if (!entries) {
    entries = [];
    for (let n = 1; n <= (options.count ?? 3); n++) {
      const file = `images/${String(n).padStart(3, '0')}.png`;
      files[file] = await generatedImage(n + label.charCodeAt(0) * 7);
      entries.push({
        file,
        prompt: `generated prompt ${label} number ${n}: a ${['red', 'green', 'blue', 'gold'][n % 4]} square with a stripe`,
      });
    }
  }
  Object.assign(files, { 'manifest.json': JSON.stringify(entries) }, options.files ?? {});
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
  return { dir, entries: entries as PackEntry[], files };
}

/** A minimal stored (uncompressed) zip, enough for pack import tests without a zip dependency. */
export function zipFiles(files: Record<string, Buffer | string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

let nameCounter = 0;
/** A signed-in player with a display name, ready to start. */
export async function createGamer(t: TestApp, displayName = `Tester${++nameCounter}`): Promise<TestPlayer> {
  const player = await createPlayer(t.app, t.database.db);
  const saved = await request(t.app, { method: 'PUT', url: '/api/profile', cookie: player.cookie, payload: { displayName } });
  if (saved.statusCode !== 200) throw new Error(`profile save failed: ${saved.statusCode} ${saved.body}`);
  return player;
}

export const startGame = (app: FastifyInstance, player: TestPlayer) =>
  request(app, { method: 'POST', url: '/api/game/start', cookie: player.cookie });

/** START through the API, refused unless it opened an attempt (201); the attempt. */
export async function startedAttempt(app: FastifyInstance, player: TestPlayer): Promise<Attempt> {
  const started = await startGame(app, player);
  expect(started.statusCode, started.body).toBe(201);
  return started.json().attempt;
}

/** POST a guess with this body as it is (an idempotency key, a malformed field…). */
export const sendGuess = (app: FastifyInstance, player: TestPlayer, attemptId: string, body: Record<string, unknown>) =>
  request(app, { method: 'POST', url: `/api/game/attempts/${attemptId}/guesses`, cookie: player.cookie, payload: body });

/** POST a guess for slot `guessNumber`, as the web client does (the slot it shows). */
export const submitGuess = (app: FastifyInstance, player: TestPlayer, attemptId: string, guess: unknown, guessNumber: unknown) =>
  sendGuess(app, player, attemptId, { guess, guessNumber });

/** A guess's idempotency key as the web client makes one: always 16–64 characters. */
export const guessKey = (label: string) => `key-${label}-${randomUUID()}`;

/** The attempt's row as the database holds it. */
export const attemptRow = async (t: TestApp, id: string) => (await t.database.db.select().from(attempts).where(eq(attempts.id, id)))[0];

/** Plays one challenge through the real game API: start + three guesses. Returns the completed attempt and each guess response. */
export async function playFullGame(
  app: FastifyInstance,
  player: TestPlayer,
  { guesses = ['a photo of something', 'a painting of a scene', 'an image'] }: { guesses?: string[] } = {},
) {
  const started = await startGame(app, player);
  expect(started.statusCode, started.body).toBe(201);
  const attempt: Attempt = started.json().attempt;
  const responses: GuessResponse[] = [];
  for (const [index, guess] of guesses.entries()) {
    const response = await submitGuess(app, player, attempt.id, guess, index + 1);
    expect(response.statusCode, response.body).toBe(200);
    responses.push(response.json());
  }
  return { attempt: responses.at(-1)!.attempt, responses };
}

/**
 * Event settings for a test that replays games back to back: no minimum interval between one player's starts
 * (the default refuses a second start within seconds, which only a script would try). Call it in that test's setup.
 */
export async function allowBackToBackGames(t: TestApp) {
  await t.database.db
    .insert(eventSettings)
    .values({ id: 1, minSecondsBetweenChallenges: 0 })
    .onConflictDoUpdate({ target: eventSettings.id, set: { minSecondsBetweenChallenges: 0 } });
}

/**
 * Moves these players' games (their start, their guesses, their prompts' claims) `seconds` into the past: the game
 * reads the database's clock, which a test cannot move.
 */
export async function ageGames(t: TestApp, players: TestPlayer[], seconds: number) {
  const ids = players.map((player) => player.id);
  const held = await t.database.db.select({ challengeId: attempts.challengeId }).from(attempts).where(inArray(attempts.userId, ids));
  const shift = sql`make_interval(secs => ${seconds})`;
  await t.database.db
    .update(attempts)
    .set({
      createdAt: sql`${attempts.createdAt} - ${shift}`,
      guess1At: sql`${attempts.guess1At} - ${shift}`,
      guess2At: sql`${attempts.guess2At} - ${shift}`,
    })
    .where(inArray(attempts.userId, ids));
  await t.database.db
    .update(challenges)
    .set({ claimedAt: sql`${challenges.claimedAt} - ${shift}` })
    .where(
      inArray(
        challenges.id,
        held.map((row) => row.challengeId),
      ),
    );
}
