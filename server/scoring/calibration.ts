/**
 * Turns raw signals (embedding cosine + lexical overlap) into the player-facing 0..100 %.
 * Pure functions; parameters are per embedder because cosine ranges differ by model.
 * Design and the measurements behind the numbers: docs/decisions/002-scoring-calibration.md
 */
import type { LexicalOverlap } from './scoring.lexical';

export interface CalibrationParams {
  /** Monotone piecewise-linear map from combined similarity to percent: [similarity, percent] knots, ascending. */
  readonly knots: ReadonlyArray<readonly [number, number]>;
  /** Weight of lexical recall (prompt words the guess names) added to the cosine. */
  readonly recallWeight: number;
  /** Recall is discounted by precision^exponent so naming words among many off-topic ones earns less. */
  readonly precisionExponent: number;
  /** Added to the similarity when the guess names the prompt's head noun (the main subject). */
  readonly headNounBonus: number;
  /** Off-topic guess words tolerated before the keyword-spam penalty starts: base + perPromptWord * prompt content words. */
  readonly offTopicAllowanceBase: number;
  readonly offTopicAllowancePerPromptWord: number;
  /** Each off-topic word beyond the allowance divides the score by (1 + rate * excess). */
  readonly offTopicPenaltyRate: number;
  /**
   * Keyword lists (scoring.lexical isKeywordList) are divided by (1 + rate * off-topic words),
   * from the first off-topic word: a list of the right words is a terse guess, a list padded
   * with loosely related ones is keyword gaming. Not applied when the prompt is a tag list.
   */
  readonly listOffTopicRate: number;
  /** ...and by a further (lengthRate * content words beyond listFreeWords): a terse guess is short, a dump is long. */
  readonly listLengthRate: number;
  readonly listFreeWords: number;
}

/** Only the exact prompt scores 100: every other guess stays at or below this. */
export const MAX_INEXACT_SCORE = 99.9;

/** Fitted on the 'tune' half of server/scoring/scoring.eval-set.json with USE-lite cosines. */
export const USE_LITE_CALIBRATION: CalibrationParams = {
  knots: [
    [0.4, 0], // highest unrelated cosine seen in the eval set is 0.39: everything below is "no idea"
    [0.57, 30], // median "partial" guess
    [0.8, 60], // a typical "main subject" guess
    [0.92, 88], // paraphrases
    [1.02, 100],
  ],
  recallWeight: 0.1,
  precisionExponent: 0.5,
  headNounBonus: 0.05,
  offTopicAllowanceBase: 3,
  offTopicAllowancePerPromptWord: 0.5,
  offTopicPenaltyRate: 0.2,
  listOffTopicRate: 0.25,
  listLengthRate: 0.06,
  listFreeWords: 6,
};

/**
 * all-MiniLM-L6-v2 (the default). Knots read off the 'tune' split of scoring.eval-set.json
 * (docs/decisions/013-scoring-calibration-minilm.md); the last knot sits at the largest
 * reachable similarity so the top of the scale never flattens into ties.
 */
export const MINILM_CALIBRATION: CalibrationParams = {
  knots: [
    [0.27, 0], // highest unrelated cosine in the tune split is 0.27
    [0.5, 30],
    [0.72, 60],
    [0.86, 86],
    [1.15, MAX_INEXACT_SCORE], // cosine 1 + full recall + head noun
  ],
  recallWeight: 0.1,
  precisionExponent: 0.5,
  headNounBonus: 0.05,
  offTopicAllowanceBase: 3,
  offTopicAllowancePerPromptWord: 0.5,
  offTopicPenaltyRate: 0.2,
  listOffTopicRate: 0.25,
  listLengthRate: 0.06,
  listFreeWords: 6,
};

/**
 * Starting point for OpenAI-compatible models (text-embedding-3-*): their cosines sit lower
 * than USE-lite's (unrelated ~0.1-0.25). NOT fitted here (no network); refit with
 * `SCORING_PROVIDER=openai tsx scripts/bench/scoring-eval.ts` before relying on it.
 */
export const OPENAI_DEFAULT_CALIBRATION: CalibrationParams = {
  ...USE_LITE_CALIBRATION,
  knots: [
    [0.28, 0],
    [0.45, 30],
    [0.65, 60],
    [0.85, 88],
    [0.98, 100],
  ],
};

export function calibrationFor(embedderId: string): CalibrationParams {
  if (embedderId === 'use-lite') return USE_LITE_CALIBRATION;
  return embedderId === 'minilm-l6-v2' ? MINILM_CALIBRATION : OPENAI_DEFAULT_CALIBRATION;
}

/** Linear interpolation between knots, flat (clamped) outside them. Monotone if the knots are. */
export function piecewiseLinear(x: number, knots: CalibrationParams['knots']): number {
  if (Number.isNaN(x)) return knots[0][1];
  if (x <= knots[0][0]) return knots[0][1];
  for (let i = 1; i < knots.length; i++) {
    const [x1, y1] = knots[i];
    if (x <= x1) {
      const [x0, y0] = knots[i - 1];
      return y0 + ((x - x0) / (x1 - x0)) * (y1 - y0);
    }
  }
  return knots[knots.length - 1][1];
}

/** Cosine plus lexical evidence; increasing in cosine, recall, precision and head-noun match. */
export function combinedSimilarity(cosine: number, lexical: LexicalOverlap, params: CalibrationParams): number {
  const lexicalEvidence = lexical.recall * Math.pow(lexical.precision, params.precisionExponent);
  return cosine + params.recallWeight * lexicalEvidence + (lexical.namesHeadNoun ? params.headNounBonus : 0);
}

/** 1 for normal guesses; shrinks for long guesses full of words the prompt lacks, and for padded keyword lists. */
export function offTopicPenalty(lexical: LexicalOverlap, params: CalibrationParams): number {
  const allowance = params.offTopicAllowanceBase + params.offTopicAllowancePerPromptWord * lexical.promptContentWords;
  const excess = Math.max(0, lexical.offTopicWords - allowance);
  const listExcess = Math.max(0, lexical.guessContentWords - params.listFreeWords);
  const list =
    lexical.guessIsList && !lexical.promptIsTagList
      ? 1 / (1 + params.listOffTopicRate * lexical.offTopicWords + params.listLengthRate * listExcess)
      : 1;
  return list / (1 + params.offTopicPenaltyRate * excess);
}

export function roundToTenth(value: number): number {
  return Math.round(value * 10) / 10;
}

/** The player-facing percent: 0..100, one decimal. */
export function calibratedScore(cosine: number, lexical: LexicalOverlap, params: CalibrationParams): number {
  const percent = piecewiseLinear(combinedSimilarity(cosine, lexical, params), params.knots) * offTopicPenalty(lexical, params);
  return roundToTenth(Math.min(MAX_INEXACT_SCORE, Math.max(0, percent)));
}

/** Case-, whitespace- and punctuation-insensitive form used to award 100 % to the exact prompt. */
export function exactMatchKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
