/**
 * The colour band of a score, in the same steps as the server's score message (server/game/score-message.ts):
 * cold → warm → hot. Text colours are light enough for AA on the dark cards.
 */
export interface ScoreBand {
  label: string;
  /** Fill of the meter. */
  bar: string;
  /** Text colour of the number. */
  text: string;
  /** Border/glow of the card. */
  ring: string;
}

export function scoreBand(score: number): ScoreBand {
  if (score >= 85)
    return {
      label: 'Hot',
      bar: 'from-emerald-400 to-lime-300',
      text: 'text-emerald-300',
      ring: 'border-emerald-400/60 shadow-emerald-400/20',
    };
  if (score >= 70)
    return { label: 'Very warm', bar: 'from-lime-400 to-amber-300', text: 'text-lime-300', ring: 'border-lime-400/60 shadow-lime-400/20' };
  if (score >= 50)
    return { label: 'Warm', bar: 'from-amber-400 to-orange-300', text: 'text-amber-300', ring: 'border-amber-400/60 shadow-amber-400/20' };
  if (score >= 25)
    return {
      label: 'Cool',
      bar: 'from-orange-400 to-pink-400',
      text: 'text-orange-300',
      ring: 'border-orange-400/60 shadow-orange-400/20',
    };
  return { label: 'Cold', bar: 'from-sky-400 to-indigo-400', text: 'text-sky-300', ring: 'border-sky-400/60 shadow-sky-400/20' };
}
