/** Organizer routes for the pool: list, health, disable/enable, delete, and pack upload (streamed to a temp file). */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminChallengesQuerySchema,
  adminChallengesResponseSchema,
  bulkUpdateChallengesSchema,
  bulkUpdateResultSchema,
  challengeIdParamsSchema,
  checkPromptsResultSchema,
  checkPromptsSchema,
  composePromptsSchema,
  composeResultSchema,
  poolCheckSchema,
  importResultSchema,
  packErrorSchema,
  poolHealthSchema,
  removeStarterPackResultSchema,
  updateChallengeSchema,
} from '@contracts/admin-challenges';
import { adminChallengeErrorCodes } from '@contracts/admin-challenges.rules';
import { apiErrorSchema } from '@contracts/errors';
import { AUDIT_ACTIONS } from '@contracts/admin.rules';
import { organizerActor, recordAudit } from '../audit/audit.service';
import { HttpError, errorResponses } from '../http/http-error';
import { ChallengePackError, importChallengePack, type ImportDeps, UPLOAD_STAGING_PREFIX } from './challenges-import.service';
import type { PoolService } from './challenges-pool.service';
import { removeStarterPack } from './starter-pack';
import { composePrompts } from './compose/compose';
import { checkNewPrompts, checkWholePool } from './pool-check';
import { challenges } from '../db/tables/challenges.tables';
import { organizerScope } from '../http/organizer-scope';

const errors = errorResponses(400, 401, 403, 404, 409);
const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'];

export interface ChallengesAdminOptions {
  pool: PoolService;
  importDeps: ImportDeps;
  /** Largest accepted pack upload in bytes. */
  maxUploadBytes: number;
}

const tooLarge = (max: number) =>
  new HttpError(
    413,
    adminChallengeErrorCodes.packTooLarge,
    `The pack is larger than ${Math.round(max / 1024 / 1024)} MB. Split it into smaller packs.`,
  );

export async function challengesAdminRoutes(base: FastifyInstance, { pool, importDeps, maxUploadBytes }: ChallengesAdminOptions) {
  const app = organizerScope(base);

  // The upload body is handed over as a stream (this plugin only): it goes to disk, never into memory.
  app.addContentTypeParser(ZIP_TYPES, (_request, payload, done) => done(null, payload));

  app.get(
    '/api/admin/challenges',
    {
      schema: { querystring: adminChallengesQuerySchema, response: { 200: adminChallengesResponseSchema, ...errors } },
    },
    async (request) => pool.list(request.query),
  );

  app.get('/api/admin/challenges/health', { schema: { response: { 200: poolHealthSchema, ...errors } } }, async () => pool.health());

  app.patch(
    '/api/admin/challenges',
    { schema: { body: bulkUpdateChallengesSchema, response: { 200: bulkUpdateResultSchema, ...errors } } },
    async (request) => {
      const ids = [...new Set(request.body.ids)];
      const updated = await pool.setDisabledMany(ids, request.body.disabled);
      const action = request.body.disabled ? AUDIT_ACTIONS.challengeDisable : AUDIT_ACTIONS.challengeEnable;
      await recordAudit(importDeps.db, organizerActor(request), { action, details: { count: updated, bulk: true } });
      return { updated };
    },
  );

  // The prompt check over the enabled pool: near-duplicate pairs, short, generic and outlier prompts, each with its
  // challenge so the console disables it in one click.
  app.get('/api/admin/challenges/check', { schema: { response: { 200: poolCheckSchema, ...errors } } }, async () =>
    checkWholePool(importDeps),
  );

  // A draft's prompts (composed or typed, before images are generated) against each other and the pool.
  app.post(
    '/api/admin/challenges/check',
    { schema: { body: checkPromptsSchema, response: { 200: checkPromptsResultSchema, ...errors } } },
    async (request) => ({ flags: await checkNewPrompts(importDeps, request.body.prompts) }),
  );

  // Offline prompt composition: the organizer edits the lines before generating images from them.
  app.post(
    '/api/admin/challenges/compose',
    { schema: { body: composePromptsSchema, response: { 200: composeResultSchema, ...errors } } },
    async (request) => {
      // Clear of the pool too, by the embeddings stored at import (recomputed only when another model stored them).
      const pool = await importDeps.db
        .select({ prompt: challenges.prompt, embedding: challenges.promptEmbedding, embedderId: challenges.embedderId })
        .from(challenges);
      return composePrompts({
        count: request.body.count,
        themes: request.body.themes,
        seed: request.body.seed,
        embed: (texts) => importDeps.scorer.embed(texts),
        avoid: pool.map((row) => ({
          prompt: row.prompt,
          embedding: row.embedderId === importDeps.scorer.embedderId && row.embedding ? row.embedding : undefined,
        })),
      });
    },
  );

  app.patch(
    '/api/admin/challenges/:id',
    {
      schema: { params: challengeIdParamsSchema, body: updateChallengeSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await pool.setDisabled(request.params.id, request.body.disabled);
      const action = request.body.disabled ? AUDIT_ACTIONS.challengeDisable : AUDIT_ACTIONS.challengeEnable;
      await recordAudit(importDeps.db, organizerActor(request), { action, targetId: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/admin/challenges/starter-pack',
    { schema: { response: { 200: removeStarterPackResultSchema, ...errors } } },
    async (request) => removeStarterPack({ db: importDeps.db, storage: importDeps.storage }, organizerActor(request)),
  );

  app.delete(
    '/api/admin/challenges/:id',
    { schema: { params: challengeIdParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await pool.deleteUnused(request.params.id);
      await recordAudit(importDeps.db, organizerActor(request), { action: AUDIT_ACTIONS.challengeDelete, targetId: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/admin/challenges/import',
    {
      schema: {
        querystring: z.object({ name: z.string().trim().min(1).max(200).optional() }),
        response: { 200: importResultSchema, 413: apiErrorSchema, 415: apiErrorSchema, 422: packErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > maxUploadBytes) {
        // Refuse before reading; close the connection so the client stops sending.
        reply.header('connection', 'close');
        throw tooLarge(maxUploadBytes);
      }
      const body = request.body as NodeJS.ReadableStream | undefined;
      if (!body || typeof (body as { pipe?: unknown }).pipe !== 'function') {
        throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the pack as a .zip file (Content-Type: application/zip).');
      }
      const dir = await mkdtemp(path.join(tmpdir(), UPLOAD_STAGING_PREFIX));
      try {
        const file = path.join(dir, 'pack.zip');
        try {
          await receiveLimited(body, file, maxUploadBytes);
        } catch (error) {
          if (error instanceof HttpError) {
            reply.header('connection', 'close');
            throw error;
          }
          throw new HttpError(400, 'UPLOAD_INTERRUPTED', 'The upload did not complete. Please try again.');
        }
        const packName = path.basename(request.query.name ?? 'upload.zip');
        try {
          const summary = await importChallengePack(importDeps, file, { packName });
          await recordAudit(importDeps.db, organizerActor(request), {
            action: AUDIT_ACTIONS.challengesImport,
            details: { imported: summary.imported, skipped: summary.skipped, total: summary.total, pack: packName },
          });
          return { ...summary, flags: summary.flags ?? [] };
        } catch (error) {
          if (!(error instanceof ChallengePackError)) throw error;
          throw new HttpError(
            422,
            adminChallengeErrorCodes.packInvalid,
            `The pack has ${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}; nothing was imported.`,
            undefined,
            { problems: error.problems },
          );
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
}

/**
 * Writes the request body to `file`, at most `max` bytes. Past the limit the rest of the body is drained and dropped
 * (not destroyed), so the client still reads the 413 that follows.
 */
function receiveLimited(body: NodeJS.ReadableStream, file: string, max: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(file);
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > max) {
        body.removeListener('data', onData);
        body.removeListener('end', onEnd);
        body.on('data', () => {});
        body.resume();
        out.destroy();
        reject(tooLarge(max));
      } else if (!out.write(chunk)) {
        body.pause();
        out.once('drain', () => body.resume());
      }
    };
    const onEnd = () => out.end(() => resolve());
    body.on('data', onData);
    body.on('end', onEnd);
    body.on('error', reject);
    out.on('error', reject);
  });
}
