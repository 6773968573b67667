// Moderation (docs/decisions/011-moderation.md): normalisation, invisible names, look-alikes, links, hate symbols and terms.
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { compileTerm, DISPLAY_NAME_KEY_VERSION, displayNameKey, publicTextProblem } from './public-text';

/** A visible name with a blank (Hangul filler, Braille blank, …) or invisible letter before, inside or after it. */
const BLANK_LETTERS_IN_CHAMP5083 = [
  'Champ5083\u3164',
  'Champ5083\u2800',
  'Champ5083\u1160',
  '\uFFA0Champ5083',
  'Champ\u115F5083',
  'Champ5083\u17B5',
  'Champ\u034F5083',
];

describe('names without visible letters', () => {
  it.each([
    '\u3164',
    '\u3164\u3164\u3164',
    '\u2800\u2800',
    '\uFFA0',
    '...',
    '  -  ',
    'a\u0301\u0302\u0303\u0304'.slice(1),
    'Z\u0351\u0352\u0353\u0354alg',
  ])('refuses %j', (name) => {
    expect(publicTextProblem(name)).toBe('no-visible-letters');
  });
  it.each(['\u200b\u200b', '\u200d', '\u2060', 'a\u200bb'])('refuses zero-width characters %j', (name) => {
    expect(publicTextProblem(name)).toBe('invisible-characters');
  });
  it.each([...BLANK_LETTERS_IN_CHAMP5083, 'Champ5083\u2028', 'Ch\u180Bamp'])('refuses blank letters beside visible ones %j', (name) => {
    expect(publicTextProblem(name)).toBe('invisible-characters');
  });
  it.each(['007', 'Zoë', 'José María', '李小龍', 'Ольга', 'Ada 🚀', 'Love ❤️', '한국어 이름'])('accepts %j', (name) => {
    expect(publicTextProblem(name)).toBeNull();
  });
});

describe('look-alike names share one key', () => {
  it.each([
    ['TopPlayer', 'topplayer'],
    ['TopPlayer', 'TOPPLAYER'],
    ['TopPlayer', 'Тор Рlауеr'], // Cyrillic letters
    ['Hitman', 'ΗITMAN'], // Greek capital eta
    ['Ada Lovelace', 'AdaLoveIace'], // capital i for l
    ['Bob0', 'BobO'],
    ['Emma', 'Ernrna'], // rn for m
    ['Zoe', 'Zoë'],
    ['Nova', 'Ｎｏｖａ'], // full-width
  ])('%j ~ %j', (a, b) => {
    expect(displayNameKey(a)).toBe(displayNameKey(b));
  });
  it.each([...BLANK_LETTERS_IN_CHAMP5083, 'Champ5083\u{E0041}'])('blank and invisible letters do not count: %j ~ Champ5083', (name) => {
    expect(displayNameKey(name)).toBe(displayNameKey('Champ5083'));
  });
  it('keeps different names apart', () => {
    expect(displayNameKey('Anna')).not.toBe(displayNameKey('Hanna'));
    expect(displayNameKey('Player1')).not.toBe(displayNameKey('Player2'));
  });
  it('gives the same keys as the rules of DISPLAY_NAME_KEY_VERSION (stored keys are computed again only when it changes)', () => {
    const corpus = [
      'TopPlayer',
      'Тор Рlауеr',
      'ΗITMAN',
      'AdaLoveIace',
      'BobO',
      'Ernrna',
      'Zoë',
      'Ｎｏｖａ',
      ...BLANK_LETTERS_IN_CHAMP5083,
      'Champ5083\u{E0041}',
      'Ann\u00A0a',
      'l1|I',
      'Ελληνικά',
      '日本語',
      'ﬁsh',
      'x\u200By',
      'A\tB\nC',
    ];
    const fingerprint = createHash('sha256')
      .update(JSON.stringify(corpus.map(displayNameKey)))
      .digest('hex')
      .slice(0, 16);
    // A failure here means displayNameKey now returns other keys: bump DISPLAY_NAME_KEY_VERSION, then pin the new
    // fingerprint and version together.
    expect({ version: DISPLAY_NAME_KEY_VERSION, fingerprint }).toEqual({ version: 2, fingerprint: '7827a87d865f9d6f' });
  });
});

describe('links in public text', () => {
  it.each([
    'https://evil.example/login',
    'visit www.prizes-now.net',
    'paypal-verify.com',
    'evil․com',
    'free prizes at bit.ly/x',
    'ｅｖｉｌ．ｃｏｍ',
    'hxxp://x',
    'go to t.me/scam',
    'go to 192.168.1.50:3000',
    'go to 192.168.1.50',
    '10 . 0 . 0 . 1',
    'open localhost:3000',
    'see [::1]:8080',
    'prizes.example:8443',
    'evil.pw',
    'EVIL.PW/win',
    'prizes at ai.art',
    'winner.zip',
    'evil[.]pw',
    'evil (dot) pw',
    'evil dot com',
    'mail me: winner@evil.pw',
    'ask prizes@example.com',
    'data:text/html,<script>alert(1)</script>',
    'data:image/png;base64,AAAA',
    'javascript:alert(1)',
    'mailto:x@y',
  ])('refuses %j', (text) => {
    expect(publicTextProblem(text)).toBe('link');
  });
  it.each([
    'Describe the subject first. To begin, name colours.',
    'e.g. oil painting, i.e. style',
    'Dr.Who fan',
    'Mr. Smith',
    'Name 3 things: subject, style, colour',
    'the data: colours first',
    'aspect 16:9 or 4:3',
    'version 2.1 of my plan',
    'polka dot art',
  ])('accepts %j', (text) => {
    expect(publicTextProblem(text)).toBeNull();
  });
});

describe('hate symbols and terms (built in)', () => {
  it.each([
    'Adolf Hitler',
    'AdolfHitler',
    'adolf_hitler',
    'H1TLER',
    'Hіtler',
    'h i t l e r',
    'Sieg Heil',
    'NaziKing',
    '卍卍',
    'ϟϟ',
    'ᛋᛋ',
    '1488',
    'white power',
  ])('refuses %j', (text) => {
    expect(publicTextProblem(text)).toBe('offensive');
  });
  it.each(['Ashkenazi', 'Scunthorpe', 'Grass Hopper', 'Whitley', 'Heilbronn fan'])('accepts %j', (text) => {
    expect(publicTextProblem(text)).toBeNull();
  });
  it('catches profanity written with look-alike letters', () => {
    expect(publicTextProblem('fսck')).toBe('offensive');
    expect(publicTextProblem('ShіtHead')).toBe('offensive');
  });
});

describe("the organizer's blocklist", () => {
  const blocklist = ['acme corp', 'rivalco'].map((term) => compileTerm(term)!);
  it.each(['ACME Corp fan', 'AcmeCorp', 'RivalCo', 'R1valC0', 'r i v a l c o'])('refuses %j as blocked', (text) => {
    expect(publicTextProblem(text, blocklist)).toBe('blocked');
  });
  it('accepts text without the terms', () => {
    expect(publicTextProblem('Acme fan', blocklist)).toBeNull();
  });
});

describe('contact details and dodges of the word lists', () => {
  it.each(['visit evil . com for tips', 'evil .com', 'go to evil. com now', 'tips at evil . pw'])(
    'refuses a spaced or dotted domain %j',
    (text) => {
      expect(publicTextProblem(text)).toBe('link');
    },
  );
  it.each(['follow @handle', '@some.one', 'DM me @x_y'])('refuses a handle %j', (text) => {
    expect(publicTextProblem(text)).toBe('link');
  });
  it.each(['call +1 415 555 0134', 'text 0612345678', '(415) 555-0134', '+44 20.7946.0958'])('refuses a phone number %j', (text) => {
    expect(publicTextProblem(text)).toBe('link');
  });
  it.each(['first line\nsecond', 'a\r\nb', 'a\u2028b'])('refuses a line break %j', (text) => {
    expect(publicTextProblem(text)).toBe('invisible-characters');
  });
  it.each(['Z\u0351\u0352algo', 'a\u0300\u0301', 'e\u0336\u0336vil'])('refuses two combining marks in a row %j', (text) => {
    expect(publicTextProblem(text)).toBe('no-visible-letters');
  });
  it.each(['phuck this', 'PHUCK', 'k.k.k rules', 'K K K', 'k-k-k'])('refuses simple leetspeak of the lists %j', (text) => {
    expect(publicTextProblem(text)).toBe('offensive');
  });
  it('applies the same folds to the organizer blocklist', () => {
    const blocklist = [compileTerm('fart')!];
    expect(publicTextProblem('phart', blocklist)).toBe('blocked');
    expect(publicTextProblem('f.a.r.t', blocklist)).toBe('blocked');
  });
  it.each([
    'I guessed it. Net result: 92',
    'Read the image. Com pare colours',
    'Phúc Nguyễn',
    'Sophie',
    'Việt Nam',
    'ที่นี่',
    'नमस्ते',
    'I scored 95 in 2024',
    'Tried colors, then shapes.',
  ])('still accepts %j', (text) => {
    expect(publicTextProblem(text)).toBeNull();
  });
});
