// Issue 12.7 / issue 7 moderation: normalisation, invisible names, look-alikes, links, hate symbols and terms.
import { describe, expect, it } from 'vitest';
import { compileTerm, displayNameKey, publicTextProblem } from './public-text';

describe('names without visible letters', () => {
  it.each(['\u3164', '\u3164\u3164\u3164', '\u2800\u2800', '\uFFA0', '...', '  -  ', 'a\u0301\u0302\u0303\u0304'.slice(1), 'Z\u0351\u0352\u0353\u0354alg'])(
    'refuses %j',
    (name) => {
      expect(publicTextProblem(name)).toBe('no-visible-letters');
    },
  );
  it.each(['\u200b\u200b', '\u200d', '\u2060', 'a\u200bb'])('refuses zero-width characters %j', (name) => {
    expect(publicTextProblem(name)).toBe('invisible-characters');
  });
  it.each(['007', 'Zoë', 'José María', '李小龍', 'Ольга', 'Ada 🚀'])('accepts %j', (name) => {
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
  it('keeps different names apart', () => {
    expect(displayNameKey('Anna')).not.toBe(displayNameKey('Hanna'));
    expect(displayNameKey('Player1')).not.toBe(displayNameKey('Player2'));
  });
});

describe('links in public text', () => {
  it.each(['https://evil.example/login', 'visit www.prizes-now.net', 'paypal-verify.com', 'evil․com', 'free prizes at bit.ly/x', 'ｅｖｉｌ．ｃｏｍ', 'hxxp://x', 'go to t.me/scam'])(
    'refuses %j',
    (text) => {
      expect(publicTextProblem(text)).toBe('link');
    },
  );
  it.each(['Describe the subject first. To begin, name colours.', 'e.g. oil painting, i.e. style', 'Dr.Who fan', 'Mr. Smith'])('accepts %j', (text) => {
    expect(publicTextProblem(text)).toBeNull();
  });
});

describe('hate symbols and terms (built in)', () => {
  it.each(['Adolf Hitler', 'AdolfHitler', 'adolf_hitler', 'H1TLER', 'Hіtler', 'h i t l e r', 'Sieg Heil', 'NaziKing', '卍卍', 'ϟϟ', 'ᛋᛋ', '1488', 'white power'])(
    'refuses %j',
    (text) => {
      expect(publicTextProblem(text)).toBe('offensive');
    },
  );
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
