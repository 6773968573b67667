/** Rate limits as the app registers them: expired counters are swept while the app runs. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startLimitSweeper, type LimitStore } from './limits.store';

async function limitsPlugin(app: FastifyInstance, { limits }: { limits: LimitStore }) {
  const stopSweeper = startLimitSweeper(limits, (error) => app.log.warn({ err: error }, 'rate-limit sweep failed'));
  app.addHook('onClose', async () => stopSweeper());
}

export const limitsModule = fp(limitsPlugin, { name: 'limits', dependencies: ['http'], encapsulate: true });
