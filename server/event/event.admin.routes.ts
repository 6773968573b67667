import type { FastifyInstance } from 'fastify';
import { adminEventSchema, adminEventUpdateSchema } from '@contracts/admin-event';
import { errorResponses } from '../http/http-error';
import { organizerActor } from '../audit/audit.service';
import type { EventAdminService } from './event.admin.service';
import { organizerScope } from '../http/organizer-scope';

const errors = errorResponses(400, 401, 403);
const lockErrors = errorResponses(401, 403, 409);

/** GET/PATCH /api/admin/event (organizers only). */
export async function eventAdminRoutes(base: FastifyInstance, { event }: { event: EventAdminService }) {
  const app = organizerScope(base);

  app.get('/api/admin/event', { schema: { response: { 200: adminEventSchema, ...errors } } }, async () => event.get());

  app.patch(
    '/api/admin/event',
    { schema: { body: adminEventUpdateSchema, response: { 200: adminEventSchema, ...errors } } },
    async (request) => event.update(organizerActor(request), request.body),
  );

  // The final whistle: POST locks the results now, DELETE unlocks them (both in the audit log).
  app.post('/api/admin/event/results-lock', { schema: { response: { 200: adminEventSchema, ...lockErrors } } }, async (request) =>
    event.lockResults(organizerActor(request)),
  );
  app.delete('/api/admin/event/results-lock', { schema: { response: { 200: adminEventSchema, ...lockErrors } } }, async (request) =>
    event.unlockResults(organizerActor(request)),
  );
}
