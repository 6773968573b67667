/** The share card: a 1200×630 PNG (the Open Graph size) drawn as SVG and rasterised by sharp. Never carries a prompt. */
import sharp from 'sharp';
import { formatScore } from '@contracts/game.rules';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
const IMAGE_SIZE = 510;

export interface ShareCardData {
  /** The player's public name, or null (hidden or unnamed players are "A player"). */
  displayName: string | null;
  score: number;
  /** Board rank while this game is the player's entry, else null. */
  rank: number | null;
  total: number;
  gameUrl: string;
  /** The challenge image bytes (any format sharp reads), or null when it cannot be read. */
  image: Buffer | null;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** The SVG of the card (exported for tests: it is the whole content of the PNG). */
export async function shareCardSvg(data: ShareCardData): Promise<string> {
  const image = data.image
    ? await sharp(data.image)
        .resize(IMAGE_SIZE, IMAGE_SIZE, { fit: 'cover' })
        .jpeg({ quality: 82 })
        .toBuffer()
        .catch(() => null)
    : null;
  const name = escapeXml((data.displayName ?? 'A player').slice(0, 20));
  const rankLine = data.rank ? `#${data.rank} of ${data.total} on the leaderboard` : 'on the leaderboard';
  const url = escapeXml(data.gameUrl.replace(/^https?:\/\//, '').replace(/\/$/, ''));
  // Long names shrink to fit the 540 px beside the image (bold DejaVu is about 0.62 em per character).
  const nameSize = Math.min(48, Math.floor(540 / ((name.length + 7) * 0.62)));
  const rankSize = rankLine.length > 30 ? 30 : 36;
  const font = `font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1b1838"/><stop offset="1" stop-color="#0b0a1a"/></linearGradient>
    <radialGradient id="glow" cx="0.8" cy="0.1" r="0.7"><stop offset="0" stop-color="#8b5cf6" stop-opacity="0.45"/><stop offset="1" stop-color="#8b5cf6" stop-opacity="0"/></radialGradient>
    <linearGradient id="score" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#c4b5fd"/><stop offset="1" stop-color="#f472b6"/></linearGradient>
    <clipPath id="frame"><rect x="60" y="60" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" rx="28"/></clipPath>
  </defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  <rect width="100%" height="100%" fill="url(#glow)"/>
  <rect x="60" y="60" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" rx="28" fill="#12102a"/>
  ${image ? `<image href="data:image/jpeg;base64,${image.toString('base64')}" x="60" y="60" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" clip-path="url(#frame)" preserveAspectRatio="xMidYMid slice"/>` : ''}
  <rect x="60" y="60" width="${IMAGE_SIZE}" height="${IMAGE_SIZE}" rx="28" fill="none" stroke="#3a356a" stroke-width="3"/>
  <text x="630" y="120" ${font} font-size="30" font-weight="bold" letter-spacing="4" fill="#a78bfa">GUESS THE GENESIS</text>
  <text x="630" y="215" ${font} font-size="${nameSize}" font-weight="bold" fill="#f5f3ff">${name} scored</text>
  <text x="625" y="360" ${font} font-size="128" font-weight="bold" fill="url(#score)">${escapeXml(formatScore(data.score))}</text>
  <text x="630" y="430" ${font} font-size="${rankSize}" fill="#f5f3ff">${escapeXml(rankLine)}</text>
  <text x="630" y="500" ${font} font-size="34" font-weight="bold" fill="#f472b6">Can you beat it?</text>
  <text x="630" y="565" ${font} font-size="30" fill="#c4bfe6">${url}</text>
</svg>`;
}

export async function renderShareCard(data: ShareCardData): Promise<Buffer> {
  return sharp(Buffer.from(await shareCardSvg(data)))
    .png({ compressionLevel: 8 })
    .toBuffer();
}
