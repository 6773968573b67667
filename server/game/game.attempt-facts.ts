/**
 * What this instance last saw of its players' open attempts (whose it is, its challenge and image, the scores stored so
 * far and the slot that comes next) and the prompts of the challenges it handed out or scored. Remembered by what
 * already has the row (START, the game screen's GET /api/game/current, a guess), so that a guess at the slot remembered
 * skips reading the attempt and goes straight to its conditional store: one round trip to the database fewer per guess
 * (BENCHMARKS.md). The game screen's read never selects the prompt of an open attempt; START's claim returns it.
 *
 * A hint, never the truth: the store's UPDATE still checks the owner and that the slot is free and the one before it
 * filled, in the database. When it matches nothing (another tab or instance filled the slot, the attempt was taken
 * back or deleted), the guess forgets the attempt and takes the full path, which reads the row and decides.
 */
import { LRUCache } from 'lru-cache';
import type { PromptVectors } from '../scoring/scorer';
import { type AttemptRow, nextGuessNumber } from './game.shared';

export interface AttemptFacts {
  userId: string;
  challengeId: string;
  imageKey: string;
  score1: number | null;
  score2: number | null;
  /** 1–3: the slot the next guess fills. */
  nextSlot: number;
}

/** A few hundred players at a keynote break, a few thousand over a day; ~200 bytes each. */
const ATTEMPT_FACTS_LIMIT = 5_000;

/** A challenge as a guess needs it: its prompt (never edited once imported) and the embedder its vectors were made by. */
export interface GuessChallenge {
  id: string;
  prompt: string;
  embedderId: string | null;
}

/**
 * Challenges kept, each with its prompt and, once a guess needed them, its prompt vectors (384 floats each for MiniLM:
 * ~3 MB at this size) instead of reading and parsing them per guess.
 */
const CHALLENGES_LIMIT = 2_000;

interface KnownChallenge extends GuessChallenge {
  /** The prompt's vectors, as the game service's scorer uses them (game.guess.ts); absent until a guess needed them. */
  vectors?: PromptVectors;
}

export function createAttemptFacts(limit = ATTEMPT_FACTS_LIMIT) {
  const known = new LRUCache<string, AttemptFacts>({ max: limit });
  const challenges = new LRUCache<string, KnownChallenge>({ max: CHALLENGES_LIMIT });
  return {
    get: (attemptId: string) => known.get(attemptId),
    /** The challenge's prompt as START or an earlier guess read it; undefined when this instance has not seen it. */
    challenge: (challengeId: string): GuessChallenge | undefined => challenges.get(challengeId),
    rememberChallenge(challenge: GuessChallenge) {
      if (!challenges.has(challenge.id))
        challenges.set(challenge.id, { id: challenge.id, prompt: challenge.prompt, embedderId: challenge.embedderId });
    },
    /** The vectors kept for this challenge's prompt (never for another prompt text under the same id). */
    promptVectors(challenge: GuessChallenge): PromptVectors | undefined {
      const kept = challenges.get(challenge.id);
      return kept?.prompt === challenge.prompt ? kept.vectors : undefined;
    },
    rememberPromptVectors(challenge: GuessChallenge, vectors: PromptVectors) {
      const kept = challenges.get(challenge.id);
      if (kept && kept.prompt !== challenge.prompt) return;
      challenges.set(challenge.id, { id: challenge.id, prompt: challenge.prompt, embedderId: challenge.embedderId, vectors });
    },
    /** Keeps an open attempt as this row shows it; a complete one is forgotten (no guess goes to it again). */
    remember(row: AttemptRow, imageKey: string) {
      const nextSlot = nextGuessNumber(row);
      if (nextSlot === null) known.delete(row.id);
      else
        known.set(row.id, { userId: row.userId, challengeId: row.challengeId, imageKey, score1: row.score1, score2: row.score2, nextSlot });
    },
    forget: (attemptId: string) => known.delete(attemptId),
  };
}

export type AttemptFactsStore = ReturnType<typeof createAttemptFacts>;
