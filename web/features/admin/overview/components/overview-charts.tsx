import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdminOverview } from '@contracts/admin-overview';
import { Card, CardDescription, CardTitle } from '@web/ui/card';

// Colours from the theme (styles.css): recharts draws SVG with literal colours.
const INK = '#f5f3ff';
const MUTED = '#c4bfe6';
const GRID = '#28244d';
const ACCENT = '#a78bfa';
const GLOW = '#f472b6';
const SURFACE = '#12102a';

const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const axis = { stroke: MUTED, tick: { fill: MUTED, fontSize: 12 }, tickLine: false } as const;
const tooltip = {
  contentStyle: { background: SURFACE, border: `1px solid ${GRID}`, borderRadius: 12, color: INK },
  labelStyle: { color: INK },
  cursor: { fill: 'rgb(167 139 250 / 0.12)' },
} as const;

/**
 * The overview's charts, in their own chunk (recharts is loaded lazily, only here). Each chart is drawn for
 * the eye and repeated as a visually hidden table for screen readers.
 */
export function ScoreHistogram({ histogram }: { histogram: AdminOverview['scoreHistogram'] }) {
  const histogramData = histogram.map((bucket) => ({ label: `${bucket.from}–${bucket.to}`, players: bucket.count }));
  return (
    <Card className="min-w-0">
      <CardTitle id="score-histogram-title">Score distribution</CardTitle>
      <CardDescription>Players on the current board, by score (%, each bar 10 points wide).</CardDescription>
      <figure aria-labelledby="score-histogram-title" className="mt-4">
        <div className="h-56" aria-hidden>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={histogramData} margin={{ top: 4, right: 4, bottom: 0, left: -20 }} accessibilityLayer={false}>
              <CartesianGrid stroke={GRID} vertical={false} />
              <XAxis dataKey="label" {...axis} interval={0} tickFormatter={(label: string) => label.split('–')[0]} />
              <YAxis allowDecimals={false} {...axis} />
              <Tooltip {...tooltip} />
              <Bar dataKey="players" name="Players" fill={ACCENT} radius={[6, 6, 0, 0]} maxBarSize={56} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
        <table className="sr-only">
          <caption>Score distribution</caption>
          <thead>
            <tr>
              <th scope="col">Score (%)</th>
              <th scope="col">Players</th>
            </tr>
          </thead>
          <tbody>
            {histogramData.map((row) => (
              <tr key={row.label}>
                <td>{row.label}</td>
                <td>{row.players}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figure>
    </Card>
  );
}

/** Games started and completed per 10 minutes over the event (bars, oldest first). */
export function GamesChart({ games }: { games: AdminOverview['gamesPer10Minutes'] }) {
  const gamesData = games.map((bucket) => ({
    label: time.format(new Date(bucket.start)),
    started: bucket.started,
    completed: bucket.completed,
  }));
  return (
    <Card className="min-w-0">
      <CardTitle id="games-chart-title">Games per 10 minutes</CardTitle>
      <CardDescription>Started and completed, over the event.</CardDescription>
      <figure aria-labelledby="games-chart-title" className="mt-4">
        {gamesData.length === 0 ? (
          <p className="flex h-56 items-center justify-center rounded-xl border border-dashed border-night-600 text-sm text-muted">
            No games yet.
          </p>
        ) : (
          <>
            <div className="h-56" aria-hidden>
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={gamesData} margin={{ top: 4, right: 4, bottom: 0, left: -20 }} accessibilityLayer={false}>
                  <CartesianGrid stroke={GRID} vertical={false} />
                  <XAxis dataKey="label" {...axis} minTickGap={16} />
                  <YAxis allowDecimals={false} {...axis} />
                  <Tooltip {...tooltip} />
                  <Legend wrapperStyle={{ color: MUTED, fontSize: 12 }} />
                  <Bar dataKey="started" name="Started" fill={ACCENT} radius={[4, 4, 0, 0]} maxBarSize={32} isAnimationActive={false} />
                  <Bar dataKey="completed" name="Completed" fill={GLOW} radius={[4, 4, 0, 0]} maxBarSize={32} isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </div>
            <table className="sr-only">
              <caption>Games per 10 minutes</caption>
              <thead>
                <tr>
                  <th scope="col">From</th>
                  <th scope="col">Started</th>
                  <th scope="col">Completed</th>
                </tr>
              </thead>
              <tbody>
                {gamesData.map((row, index) => (
                  <tr key={index}>
                    <td>{row.label}</td>
                    <td>{row.started}</td>
                    <td>{row.completed}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </figure>
    </Card>
  );
}
