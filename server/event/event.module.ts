/** The event's switches as the app registers them: the organizer's event routes. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { eventAdminRoutes } from './event.admin.routes';
import { createEventAdminService } from './event.admin.service';

async function eventPlugin(app: FastifyInstance, { database }: { database: Database }) {
  await app.register(eventAdminRoutes, { event: createEventAdminService({ db: database.db, log: app.log }) });
}

export const eventModule = fp(eventPlugin, { name: 'event', dependencies: ['http', 'auth'], encapsulate: true });
