/**
 * Control routes for the command-line tools while this server holds the embedded database (PGlite allows one
 * process): `npm run admin:create` and `npm run challenges:import` send their work here instead of opening the
 * data directory. Only callers on this machine (loopback, or the server's own address) with the token kept in
 * DATA_DIR/control-token (mode 0600, new at every start) get in. See docs/decisions/005-one-process-per-data-dir.md.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { importResultSchema } from '@contracts/admin-challenges';
import { AUDIT_ACTIONS } from '@contracts/admin.rules';
import { HttpError, errorResponses } from '../http/http-error';
import { createOrganizer, type OrganizerCreateDeps } from '../auth/organizer-create';
import { announceAdminChange } from '../db/channels';
import { ChallengePackError, importChallengePack } from '../challenges/challenges-import.service';
import type { Scorer } from '../scoring/scorer';
import type { ImageStorage } from '../storage/image-storage';
import { COMMAND_LINE_ACTOR, recordAudit } from '../audit/audit.service';

export const CONTROL_TOKEN_FILE = 'control-token';
export const CONTROL_PATHS = {
  adminCreate: '/api/internal/control/admin-create',
  challengesImport: '/api/internal/control/challenges-import',
} as const;

/** A fresh token for this server run, readable only by this machine's user who runs it. */
export function writeControlToken(dataDir: string): string {
  const token = randomBytes(32).toString('base64url');
  writeFileSync(path.join(dataDir, CONTROL_TOKEN_FILE), token, { mode: 0o600 });
  return token;
}

const isLoopback = (address: string | undefined) =>
  !!address && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

export interface ControlRoutesOptions {
  token: string;
  organizer: OrganizerCreateDeps;
  importer: { scorer: Scorer; storage: ImageStorage };
}

export async function adminControlRoutes(base: FastifyInstance, options: ControlRoutesOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const expected = Buffer.from(`Bearer ${options.token}`);
  const { db } = options.organizer;

  app.addHook('onRequest', async (request: FastifyRequest) => {
    const socket = request.raw.socket;
    // The socket's own addresses, never X-Forwarded-For: a proxy on this machine must not open the door.
    const local = isLoopback(socket.remoteAddress) || socket.remoteAddress === socket.localAddress;
    const given = Buffer.from(request.headers.authorization ?? '');
    if (!local || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new HttpError(404, 'NOT_FOUND', 'Not found');
    }
  });

  const errors = errorResponses(400, 404);

  app.post(
    CONTROL_PATHS.adminCreate,
    {
      schema: {
        body: z.object({ email: z.string().trim().toLowerCase().email(), password: z.string().min(6).optional() }),
        response: {
          200: z.object({ status: z.enum(['created', 'promoted', 'already']), generatedPassword: z.string().optional() }),
          ...errors,
        },
      },
    },
    async (request) => createOrganizer(options.organizer, request.body.email, request.body.password),
  );

  app.post(
    CONTROL_PATHS.challengesImport,
    {
      schema: {
        body: z.object({
          packPath: z
            .string()
            .min(1)
            .refine((value) => path.isAbsolute(value), 'must be an absolute path'),
        }),
        response: { 200: importResultSchema, ...errors },
      },
    },
    async (request) => {
      if (!existsSync(request.body.packPath)) {
        throw new HttpError(400, 'BAD_PACK', `No pack at ${request.body.packPath} (the server reads it from this machine).`);
      }
      try {
        const summary = await importChallengePack({ db, ...options.importer }, request.body.packPath);
        await recordAudit(db, COMMAND_LINE_ACTOR, {
          action: AUDIT_ACTIONS.challengesImport,
          details: {
            imported: summary.imported,
            skipped: summary.skipped,
            total: summary.total,
            pack: path.basename(request.body.packPath),
          },
        });
        await announceAdminChange(db, app.log);
        return {
          imported: summary.imported,
          skipped: summary.skipped,
          total: summary.total,
          hardToScore: summary.hardToScore,
          flags: summary.flags ?? [],
        };
      } catch (error) {
        if (error instanceof ChallengePackError) throw new HttpError(400, 'BAD_PACK', error.message);

        throw error;
      }
    },
  );
}
