/** The HTTP plumbing every capability relies on, for the whole app: schemas, errors, input guards, security, pressure. */
import underPressure from '@fastify/under-pressure';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from '../db/client';
import type { Env } from '../env';
import type { Scorer } from '../scoring/scorer';
import { createReadiness, healthRoutes, type Readiness } from './health.routes';
import type { Lifecycle } from './lifecycle';
import { registerApiDocs } from './api-docs';
import { setErrorHandler } from './error-handler';
import { registerInputGuards } from './input-guards';
import { returnRequestIds } from './request-id';
import { registerSecurity } from './security';

export interface HttpModuleOptions {
  env: Env;
  database: Database;
  scorer: Scorer;
  /** The stop sequence: `ready` turns 503 while draining (health.routes.ts). */
  lifecycle: Lifecycle;
  production: boolean;
  /** One list for our CSRF check and better-auth's trusted origins (see allowedOriginsOf). */
  allowedOrigins: string[];
}

/** Origins that may call the API: the public URL's, ALLOWED_ORIGINS, and (outside production) localhost on PORT. */
export function allowedOriginsOf(env: Env, production: boolean): string[] {
  const origins = [new URL(env.publicUrl).origin, ...env.ALLOWED_ORIGINS];
  if (!production) origins.push(`http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`);
  return [...new Set(origins)];
}

export const httpModule = fp<HttpModuleOptions>(
  async (app, { env, production, allowedOrigins, database, scorer, lifecycle }) => {
    returnRequestIds(app);
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    setErrorHandler(app);
    // Before any route, so that the OpenAPI document sees them all.
    await registerApiDocs(app, { publicUrl: env.publicUrl });
    registerInputGuards(app);
    await registerSecurity(app, { production, allowedOrigins });
    app.decorate('lifecycle', lifecycle);
    const readiness = createReadiness({ database, scorer, lifecycle });
    app.decorate('readiness', readiness);
    await app.register(healthRoutes, { readiness, lifecycle });
    // While draining, main.ts waits for the balancer to stop sending work: every request but a probe says it has not yet.
    app.addHook('onRequest', async (request) => {
      if (lifecycle.draining && !request.url.startsWith('/api/health')) lifecycle.noteRequest();
    });
    // Event-loop delay, measured by @fastify/under-pressure. Only routes that name a pressureHandler in their config
    // refuse under pressure (the guess route: game.routes.ts); every other request carries on.
    await app.register(underPressure, {
      maxEventLoopDelay: env.EVENT_LOOP_DELAY_LIMIT_MS,
      sampleInterval: 200,
      pressureHandler: () => undefined,
    });
  },
  { name: 'http' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's stop sequence (server/http/lifecycle.ts). */
    lifecycle: Lifecycle;
    /** Whether this instance can take players now (GET /api/health/ready, gg_ready_check). */
    readiness: () => Promise<Readiness>;
  }
}
