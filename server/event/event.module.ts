/** The event's switches as the app registers them: the organizer's event routes. */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { eventAdminRoutes } from './event.admin.routes';
import { createEventAdminService } from './event.admin.service';

export async function eventModule(app: FastifyInstance, { database }: { database: Database }) {
  await app.register(eventAdminRoutes, { event: createEventAdminService({ db: database.db, log: app.log }) });
}
