/** The scoring capability used by the game: embed prompts at import, score guesses at play time. */
import { LRUCache } from 'lru-cache';
import { calibratedScore, calibrationFor, exactMatchKey, type CalibrationParams } from './calibration';
import { cosineOfNormalised, type Embedder, type EmbeddingVector } from './embedder';
import { OpenAiEmbedder } from './openai.embedder';
import { contentView, leadingClause, lexicalOverlap } from './scoring.lexical';
import { memoizeBounded } from './memoize-bounded';
import { alignSpellingToPrompt } from './scoring.spelling';
import type { ScoringConfig } from './scoring.config';

/**
 * What a challenge stores so that a guess costs one model input: the prompt's embedding and the embeddings of its
 * views (leading clause, what the picture shows), keyed by the view's prepared text. Keying by text keeps stored
 * views honest when the view rules change: a view the rules no longer produce is ignored, a new one is missing.
 */
export interface PromptVectors {
  embedding: number[];
  views: Record<string, number[]>;
}

export interface ScoreInput {
  prompt: string;
  /** Stored embedding of the prompt (from Scorer.embed with the same embedderId); saves one embedding. */
  promptEmbedding?: number[];
  /** Stored view embeddings (from Scorer.embedPrompts with the same embedderId); saves embedding them here. */
  promptViews?: Record<string, number[]>;
  guess: string;
}

export interface Scorer {
  readonly embedderId: string;
  /** Always waits its turn (never refused as busy); `first`: ahead of every text waiting (readiness probes). */
  embed(texts: string[], options?: { first?: boolean }): Promise<number[][]>;
  /** Everything a challenge stores for these prompts, in one unbounded model call (imports, recomputes). */
  embedPrompts(prompts: string[]): Promise<PromptVectors[]>;
  /** Whether stored views hold every view the current rules compare a guess with. */
  hasAllViews(prompt: string, views: Record<string, number[]> | null | undefined): boolean;
  /** 0..100, rounded to 1 decimal. */
  score(input: ScoreInput): Promise<number>;
  /** Batch scoring for tools (CLI, benchmarks); waits its turn unless `bounded`. */
  scoreMany(inputs: ScoreInput[], options?: { bounded?: boolean }): Promise<number[]>;
  /** Stops the model's worker threads (local providers); the scorer is unusable afterwards. */
  close(): Promise<void>;
  /** Texts waiting for the model's workers (0 for a remote model); read by GET /metrics. */
  queueDepth?(): number;
  /** Texts that may wait before a guess is refused with SCORER_BUSY (local models); read by GET /metrics. */
  queueLimit?(): number | undefined;
}

/** Same preparation for prompts and guesses: case and spacing must not change the score. */
export function prepareForEmbedding(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * The prepared texts of a prompt's views that a guess is also compared with (none for most short prompts): worked out
 * once per prompt (the last 2,000), not once per guess.
 */
const viewTextsOf = memoizeBounded(2000, (prompt): { clause?: string; content?: string } => {
  const clause = leadingClause(prompt);
  const content = contentView(prompt);
  return {
    clause: clause === undefined ? undefined : prepareForEmbedding(clause),
    content: content === undefined ? undefined : prepareForEmbedding(content),
  };
});

const viewListOf = (prompt: string) => Object.values(viewTextsOf(prompt)).filter((view): view is string => view !== undefined);

/**
 * Embeddings of views that came without stored vectors (CLI, benchmarks, a challenge stored before its views
 * were) are kept per scorer: one embedding per view per prompt per process, never one per guess.
 */
const CLAUSE_CACHE_LIMIT = 5000;

/**
 * The vectors of these leading clauses, embedding the ones not seen yet (kept in `cache`). They belong to the prompt,
 * not to the guess: like a prompt's own embedding they always wait their turn, so a guess's bounded call counts only the
 * guess (with a queue limit of 1, a guess on a new long prompt used to need two places and be refused).
 */
async function clauseVectorsFor(
  embedder: Embedder,
  cache: LRUCache<string, EmbeddingVector>,
  clauses: string[],
  stored: Map<string, EmbeddingVector>,
): Promise<Map<string, EmbeddingVector>> {
  const wanted = new Set(clauses);
  const known = (clause: string) => stored.get(clause) ?? cache.get(clause);
  const found = new Map([...wanted].flatMap((clause) => (known(clause) ? [[clause, known(clause)!] as const] : [])));
  const missing = [...wanted].filter((clause) => !found.has(clause));
  if (missing.length > 0) {
    const vectors = await embedder.embed(missing, { bounded: false });
    missing.forEach((clause, i) => {
      cache.set(clause, vectors[i]);
      found.set(clause, vectors[i]);
    });
  }
  return found;
}

/** One input's way to its score: fixed (empty guess, exact match), or the texts to embed, by their slot in one call. */
type ScorePlan = ReturnType<typeof planScore>;

function planScore(input: ScoreInput, slotOf: (text: string) => number, storedViews: Map<string, EmbeddingVector>) {
  if (typeof input.prompt !== 'string' || typeof input.guess !== 'string') throw new TypeError('prompt and guess must be strings');
  if (prepareForEmbedding(input.guess) === '') return { kind: 'fixed' as const, score: 0 };
  if (exactMatchKey(input.guess) === exactMatchKey(input.prompt)) return { kind: 'fixed' as const, score: 100 };
  // Typos and spelling variants of the prompt's words count as those words, for the model and the word match.
  const aligned = alignSpellingToPrompt(input.prompt, input.guess);
  const guess = prepareForEmbedding(aligned);
  // Long prompts: the guess is also compared with the prompt's leading clause; prompts with style, camera
  // jargon or an artist credit, with what the picture shows (both stored with the challenge, else cached).
  const { clause, content } = viewTextsOf(input.prompt);
  for (const view of [clause, content]) {
    const vector = view === undefined ? undefined : input.promptViews?.[view];
    if (vector) storedViews.set(view!, vector);
  }
  return {
    kind: 'embedded' as const,
    input,
    aligned,
    clause,
    content,
    guessSlot: slotOf(guess),
    promptSlot: input.promptEmbedding ? undefined : slotOf(prepareForEmbedding(input.prompt)),
  };
}

/** The calibrated score of an embedded input, from the call's vectors and its prompt's view vectors. */
function embeddedScore(
  item: Extract<ScorePlan, { kind: 'embedded' }>,
  vectors: EmbeddingVector[],
  clauses: Map<string, EmbeddingVector>,
  calibration: CalibrationParams,
): number {
  const promptVector = item.input.promptEmbedding ?? vectors[item.promptSlot!];
  const guessVector = vectors[item.guessSlot];
  const cosine = cosineOfNormalised(promptVector, guessVector);
  const clauseVector = item.clause === undefined ? undefined : clauses.get(item.clause);
  const clauseCosine = clauseVector ? cosineOfNormalised(clauseVector, guessVector) : undefined;
  const contentVector = item.content === undefined ? undefined : clauses.get(item.content);
  const contentCosine = contentVector ? cosineOfNormalised(contentVector, guessVector) : undefined;
  return calibratedScore(cosine, lexicalOverlap(item.input.prompt, item.aligned), calibration, clauseCosine, contentCosine);
}

export function createScorerFromEmbedder(embedder: Embedder, calibration: CalibrationParams = calibrationFor(embedder.id)): Scorer {
  // Prompt embeddings (imports) always wait their turn; guesses may be refused when the model is saturated.
  // Plain arrays: these are stored (challenges' vectors) or handed to tools.
  const embed = async (texts: string[], options?: { first?: boolean }) =>
    (await embedder.embed(texts.map(prepareForEmbedding), { bounded: false, first: options?.first })).map((vector) => Array.from(vector));
  // Load the word tables (synonyms, broader words) now, not on the first player's guess.
  lexicalOverlap('a horse', 'a stallion');
  const clauseVectors = new LRUCache<string, EmbeddingVector>({ max: CLAUSE_CACHE_LIMIT });

  async function scoreMany(inputs: ScoreInput[], { bounded = false }: { bounded?: boolean } = {}): Promise<number[]> {
    // One embed call for every guess and every prompt lacking a stored embedding (deduplicated).
    const texts = new Map<string, number>();
    const slotOf = (text: string) => texts.get(text) ?? (texts.set(text, texts.size), texts.size - 1);
    const storedViews = new Map<string, EmbeddingVector>();
    const plan = inputs.map((input) => planScore(input, slotOf, storedViews));
    const views = plan.flatMap((item) =>
      item.kind === 'embedded' ? [item.clause, item.content].filter((view) => view !== undefined) : [],
    );
    const clauses = await clauseVectorsFor(embedder, clauseVectors, views, storedViews);
    const vectors = texts.size > 0 ? await embedder.embed([...texts.keys()], { bounded }) : [];
    return plan.map((item) => (item.kind === 'fixed' ? item.score : embeddedScore(item, vectors, clauses, calibration)));
  }

  async function embedPrompts(prompts: string[]): Promise<PromptVectors[]> {
    const views = prompts.map(viewListOf);
    // The views are prepared already; the prompts are prepared by `embed` (one call: prompts first, then views).
    const unique = [...new Set(views.flat())];
    const vectors = await embed([...prompts, ...unique]);
    const viewVector = new Map(unique.map((view, i) => [view, vectors[prompts.length + i]]));
    return prompts.map((_, i) => ({
      embedding: vectors[i],
      views: Object.fromEntries(views[i].map((view) => [view, viewVector.get(view)!])),
    }));
  }

  return {
    embedderId: embedder.id,
    embed,
    embedPrompts,
    hasAllViews: (prompt, views) => !!views && viewListOf(prompt).every((view) => Array.isArray(views[view])),
    scoreMany,
    // A single guess is play-time work: refused (ScoringBusyError) rather than queued without bound.
    score: async (input) => (await scoreMany([input], { bounded: true }))[0],
    close: async () => embedder.close?.(),
    queueDepth: () => embedder.queued?.() ?? 0,
    queueLimit: () => embedder.queueLimit?.(),
  };
}

/**
 * Loads (and for local models warms up) the embedder once; keep the returned Scorer for the
 * process lifetime and close() it at shutdown. Local models are imported lazily so a server
 * never loads the runtime of a provider it does not use.
 */
export async function createScorer(config: ScoringConfig): Promise<Scorer> {
  const embedder: Embedder =
    config.provider === 'minilm'
      ? await (await import('./minilm.embedder')).MiniLmEmbedder.load({
          engine: config.engine,
          threads: config.workers,
          maxQueued: config.queueLimit,
        })
      : new OpenAiEmbedder({ baseUrl: config.baseUrl, apiKey: config.apiKey, model: config.model });
  return createScorerFromEmbedder(embedder);
}
