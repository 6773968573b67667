import type { FastifyInstance } from 'fastify';
import {
  adminPlayerDeletedSchema,
  adminPlayerParamsSchema,
  adminPlayerResponseSchema,
  adminPlayersQuerySchema,
  adminPlayersResponseSchema,
  adminPlayerUpdateSchema,
} from '@contracts/admin-players';
import { errorResponses } from '../http/http-error';
import { organizerActor } from '../audit/audit.service';
import type { PlayersAdminService } from './players.admin.service';
import { organizerScope } from '../http/organizer-scope';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Organizer routes on players: the table, rename/hide, delete (organizerScope: 401 anonymous, 403 players). */
export async function playersAdminRoutes(base: FastifyInstance, { players }: { players: PlayersAdminService }) {
  const app = organizerScope(base);

  app.get(
    '/api/admin/players',
    { schema: { querystring: adminPlayersQuerySchema, response: { 200: adminPlayersResponseSchema, ...errors } } },
    async (request) => players.list(request.query),
  );

  app.get(
    '/api/admin/players/:id',
    { schema: { params: adminPlayerParamsSchema, response: { 200: adminPlayerResponseSchema, ...errors } } },
    async (request) => ({
      player: await players.getPlayer(request.params.id),
    }),
  );

  app.patch(
    '/api/admin/players/:id',
    { schema: { params: adminPlayerParamsSchema, body: adminPlayerUpdateSchema, response: { 200: adminPlayerResponseSchema, ...errors } } },
    async (request) => ({ player: await players.update(organizerActor(request), request.params.id, request.body) }),
  );

  app.delete(
    '/api/admin/players/:id',
    { schema: { params: adminPlayerParamsSchema, response: { 200: adminPlayerDeletedSchema, ...errors } } },
    async (request) => {
      await players.remove(organizerActor(request), request.params.id);
      return { deleted: true as const, id: request.params.id };
    },
  );
}
