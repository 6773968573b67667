/** The shared link's page: Open Graph and Twitter tags so it unfurls in chat apps, the card, and a way into the game. */
import { formatScore } from '@contracts/game.rules';
import { CARD_HEIGHT, CARD_WIDTH } from './share-card';

const escapeHtml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[c]!);

export interface SharePageData {
  displayName: string | null;
  score: number;
  rank: number | null;
  total: number;
  pageUrl: string;
  cardUrl: string;
  gameUrl: string;
}

export function sharePageHtml(data: SharePageData): string {
  const who = data.displayName ?? 'A player';
  const title = `${who} scored ${formatScore(data.score)} on Guess the Genesis`;
  const description = `${data.rank ? `#${data.rank} of ${data.total} on the leaderboard. ` : ''}Guess the secret prompt behind an AI-generated image. Can you beat it?`;
  const t = escapeHtml(title);
  const d = escapeHtml(description);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${t}</title>
<meta name="description" content="${d}">
<meta property="og:type" content="website">
<meta property="og:site_name" content="Guess the Genesis">
<meta property="og:title" content="${t}">
<meta property="og:description" content="${d}">
<meta property="og:url" content="${escapeHtml(data.pageUrl)}">
<meta property="og:image" content="${escapeHtml(data.cardUrl)}">
<meta property="og:image:type" content="image/png">
<meta property="og:image:width" content="${CARD_WIDTH}">
<meta property="og:image:height" content="${CARD_HEIGHT}">
<meta property="og:image:alt" content="${t}">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="${t}">
<meta name="twitter:description" content="${d}">
<meta name="twitter:image" content="${escapeHtml(data.cardUrl)}">
<style>
  body{margin:0;min-height:100dvh;display:flex;align-items:center;justify-content:center;background:#0b0a1a;color:#f5f3ff;font-family:system-ui,sans-serif}
  main{max-width:640px;padding:24px;text-align:center}
  h1{font-size:1.5rem;margin:0 0 16px}
  img{width:100%;height:auto;border-radius:16px;border:1px solid #28244d}
  a{display:inline-flex;align-items:center;justify-content:center;min-height:48px;margin-top:20px;padding:0 28px;border-radius:12px;background:#6d28d9;color:#fff;font-weight:700;text-decoration:none;letter-spacing:.04em}
  a:focus-visible{outline:2px solid #a78bfa;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>${t}</h1>
<img src="${escapeHtml(data.cardUrl)}" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" alt="${t}. ${d}">
<p><a href="${escapeHtml(data.gameUrl)}">PLAY GUESS THE GENESIS</a></p>
</main>
</body>
</html>`;
}
