import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { HttpError } from '../http/http-error';
import type { GameService } from '../game/game.service';
import type { LeaderboardService } from '../leaderboard/leaderboard.service';
import { rateLimitedError } from '../limits/limit-hooks';
import { waitPhrase, windowRules } from '../limits/limits.rules';
import type { LimitStore } from '../limits/limits.store';
import type { ImageStorage } from '../storage/image-storage';
import { renderShareCard } from './share-card';
import { sharePageHtml } from './share-page';

export interface ShareRoutesOptions {
  game: GameService;
  leaderboard: LeaderboardService;
  storage: ImageStorage;
  /** Absolute origin of this app (the card's URL in the tags must be absolute). */
  publicUrl: string;
  /** What the card and the page invite people to open. */
  gameUrl: string;
  /** Where the card's per-address limit is counted (shared by every instance on the database). */
  limits: LimitStore;
}

/** Cards are re-drawn when the rank moves; a small in-memory cache keeps a popular link from re-rendering. */
const CARD_CACHE_SIZE = 200;
/** Card requests per client address per minute: a venue NAT shares this, so it is generous. */
export const CARD_RATE_LIMIT = windowRules.shareCardPerAddress;

const paramsSchema = z.object({ attemptId: z.uuid({ error: 'Unknown game' }) });
const notFound = () => new HttpError(404, 'SHARE_NOT_FOUND', 'There is nothing to share here (yet).');

/**
 * Shared results: GET /s/:attemptId (a page with Open Graph tags) and GET /api/share/:attemptId/card.png. Only a
 * finished attempt is shared; an unfinished one is a 404 like a missing one, and no card ever carries a prompt.
 */
export async function shareRoutes(base: FastifyInstance, options: ShareRoutesOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const cache = new LRUCache<string, Buffer>({ max: CARD_CACHE_SIZE });

  async function standing(attemptId: string) {
    const shared = await options.game.sharedAttempt(attemptId);
    if (!shared) return null;
    const mine = await options.leaderboard.myRank(shared.userId);
    // The rank belongs to this game only while it is the player's entry (a later game replaces it).
    const isEntry = mine.rank !== null && mine.score === Math.round(shared.finalScore * 10) / 10;
    return { shared, rank: isEntry ? mine.rank : null, total: mine.total };
  }

  app.get('/s/:attemptId', { schema: { params: paramsSchema } }, async (request, reply) => {
    const found = await standing(request.params.attemptId);
    if (!found) throw notFound();
    const pageUrl = `${options.publicUrl}/s/${request.params.attemptId}`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'public, max-age=60')
      .send(
        sharePageHtml({
          displayName: found.shared.displayName,
          score: found.shared.finalScore,
          rank: found.rank,
          total: found.total,
          pageUrl,
          // The rank in the query string busts chat apps' image caches when it moves.
          cardUrl: `${options.publicUrl}/api/share/${request.params.attemptId}/card.png?r=${found.rank ?? 0}`,
          gameUrl: options.gameUrl,
        }),
      );
  });

  app.get('/api/share/:attemptId/card.png', { schema: { params: paramsSchema } }, async (request, reply) => {
    const verdict = await options.limits.hit([{ rule: CARD_RATE_LIMIT, on: request.ip }]);
    if (!verdict.allowed) {
      throw rateLimitedError(
        `Too many share cards from your network. Please wait ${waitPhrase(verdict.retryAfterSeconds)}.`,
        verdict.retryAfterSeconds,
      );
    }
    const found = await standing(request.params.attemptId);
    if (!found) throw notFound();
    const key = `${request.params.attemptId}:${found.rank}:${found.total}:${found.shared.displayName}`;
    let png = cache.get(key);
    if (!png) {
      const image = await options.storage.get(found.shared.imageKey).catch(() => null);
      png = await renderShareCard({
        displayName: found.shared.displayName,
        score: found.shared.finalScore,
        rank: found.rank,
        total: found.total,
        gameUrl: options.gameUrl,
        image: image?.bytes ?? null,
      });
      cache.set(key, png);
    }
    return reply.type('image/png').header('cache-control', 'public, max-age=300').send(png);
  });
}
