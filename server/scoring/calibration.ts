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
   * with loosely related ones is keyword gaming. Applies to tag-list prompts too.
   */
  readonly listOffTopicRate: number;
  /**
   * ...and by a further (lengthRate * content words beyond listFreeWords): a terse guess is short, a
   * dump is long. Not applied when the prompt is itself a tag list (a long tag-style guess is fair there).
   */
  readonly listLengthRate: number;
  readonly listFreeWords: number;
  /**
   * Long prompts (scoring.lexical leadingClause): share of the gap between the guess's cosine with
   * the prompt's leading clause and with the whole prompt that is added to the cosine, when the
   * clause is the closer one. 0 disables the rule.
   */
  readonly leadingClauseWeight: number;
  /**
   * Long prompts: every guess's cosine with a long prompt runs lower (the prompt carries details no
   * short guess repeats), so up to this much is added to it, in proportion to the prompt's content
   * words beyond longPromptFromWords (full at longPromptFullWords).
   */
  readonly longPromptOffset: number;
  readonly longPromptFromWords: number;
  readonly longPromptFullWords: number;
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
  leadingClauseWeight: 0,
  longPromptOffset: 0,
  longPromptFromWords: 8,
  longPromptFullWords: 16,
};

/**
 * all-MiniLM-L6-v2 (the default). Fitted on the 'tune' split of scoring.eval-set.json only
 * (docs/decisions/013-scoring-calibration-minilm.md, then 021-scoring-calibration-leading-clause.md);
 * the last knot sits at the largest reachable similarity so the top of the scale never flattens into ties.
 */
export const MINILM_CALIBRATION: CalibrationParams = {
  knots: [
    [0, 0], // unrelated guesses sit at cosine -0.13..0.27: a low slope up to 0.27 breaks their ties without lifting them
    [0.27, 4], // highest unrelated cosine in the tune split
    [0.5, 30],
    [0.72, 60],
    [0.86, 86],
    [1.17, MAX_INEXACT_SCORE], // cosine 1 + long-prompt offset + full recall + head noun: the top is never flat
  ],
  recallWeight: 0.1,
  precisionExponent: 0.5,
  headNounBonus: 0.03,
  offTopicAllowanceBase: 3,
  offTopicAllowancePerPromptWord: 0.5,
  offTopicPenaltyRate: 0.2,
  listOffTopicRate: 0.25,
  listLengthRate: 0.06,
  listFreeWords: 6,
  leadingClauseWeight: 0.5,
  longPromptOffset: 0.04,
  longPromptFromWords: 8,
  longPromptFullWords: 16,
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

/**
 * The cosine a guess is judged on: its cosine with the whole prompt, raised toward its cosine with
 * the prompt's leading clause when that is higher (a guess naming the subject and action of a
 * long prompt). Never lowers the cosine; non-decreasing in both arguments.
 */
export function effectiveCosine(cosine: number, clauseCosine: number | undefined, params: CalibrationParams): number {
  if (clauseCosine === undefined || Number.isNaN(clauseCosine)) return cosine;
  return cosine + params.leadingClauseWeight * Math.max(0, clauseCosine - cosine);
}

/** Cosine plus lexical evidence; increasing in cosine, recall, precision and head-noun match. */
export function combinedSimilarity(cosine: number, lexical: LexicalOverlap, params: CalibrationParams, clauseCosine?: number): number {
  const lexicalEvidence = lexical.recall * Math.pow(lexical.precision, params.precisionExponent);
  const length = (lexical.promptContentWords - params.longPromptFromWords) / (params.longPromptFullWords - params.longPromptFromWords);
  const lengthOffset = params.longPromptOffset * Math.min(1, Math.max(0, length));
  return (
    effectiveCosine(cosine, clauseCosine, params) +
    lengthOffset +
    params.recallWeight * lexicalEvidence +
    (lexical.namesHeadNoun ? params.headNounBonus : 0)
  );
}

/** 1 for normal guesses; shrinks for long guesses full of words the prompt lacks, and for padded keyword lists. */
export function offTopicPenalty(lexical: LexicalOverlap, params: CalibrationParams): number {
  const allowance = params.offTopicAllowanceBase + params.offTopicAllowancePerPromptWord * lexical.promptContentWords;
  const excess = Math.max(0, lexical.offTopicWords - allowance);
  const listExcess = Math.max(0, lexical.guessContentWords - params.listFreeWords);
  // A tag-list prompt makes a list-style guess fair, so its length is free; its off-topic tags still count.
  const lengthTerm = lexical.promptIsTagList ? 0 : params.listLengthRate * listExcess;
  const list = lexical.guessIsList ? 1 / (1 + params.listOffTopicRate * lexical.offTopicWords + lengthTerm) : 1;
  return list / (1 + params.offTopicPenaltyRate * excess);
}

export function roundToTenth(value: number): number {
  return Math.round(value * 10) / 10;
}

/** The player-facing percent: 0..100, one decimal. */
export function calibratedScore(cosine: number, lexical: LexicalOverlap, params: CalibrationParams, clauseCosine?: number): number {
  const percent = piecewiseLinear(combinedSimilarity(cosine, lexical, params, clauseCosine), params.knots) * offTopicPenalty(lexical, params);
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
