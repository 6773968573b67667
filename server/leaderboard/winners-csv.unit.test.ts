import { describe, expect, it } from 'vitest';
import { csvField, csvPhoneField, UTF8_BOM, winnersCsv } from './winners-csv';

describe('winners CSV', () => {
  it('neutralises values a spreadsheet would run as a formula', () => {
    for (const dangerous of ['=HYPERLINK("http://evil")', '+1+1', '-2+3', '@SUM(A1)', '\tx', '\rx']) {
      const field = csvField(dangerous);
      const unquoted = field.startsWith('"') ? field.slice(1, -1).replace(/""/g, '"') : field;
      expect(unquoted.startsWith("'"), dangerous).toBe(true);
      expect(unquoted.slice(1)).toBe(dangerous);
    }
    expect(csvField('Zoë')).toBe('Zoë');
    expect(csvField(42.5)).toBe('42.5');
    expect(csvField(null)).toBe('');
  });

  it('quotes separators, quotes and line breaks', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('starts with a BOM and a header, one CRLF line per winner', () => {
    const csv = winnersCsv([
      {
        rank: 1,
        displayName: 'Zoë',
        score: 91.23,
        guessesUsed: 2,
        thinkingSeconds: 14,
        email: 'z@example.test',
        phone: '+49 170 1234567',
        completedAt: '2026-01-01T10:00:00.000Z',
      },
      {
        rank: 2,
        displayName: '=cmd|calc',
        score: 80,
        guessesUsed: null,
        thinkingSeconds: null,
        email: null,
        phone: null,
        completedAt: '2026-01-01T10:01:00.000Z',
      },
    ]);
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('rank,display name,score,guesses used,thinking seconds,e-mail,phone,completed at');
    expect(lines[1]).toBe('1,Zoë,91.2,2,14.0,z@example.test,+49 170 1234567,2026-01-01T10:00:00.000Z');
    expect(lines[2]).toBe("2,'=cmd|calc,80.0,,,,,2026-01-01T10:01:00.000Z");
    expect(lines[3]).toBe('');
  });

  it("quotes and neutralises ';' too: German and French spreadsheets split on it", () => {
    // '；=1+1' is saved as ';=1+1' (NFKC): unquoted, a ';' locale reads '=1+1' as a cell of its own.
    expect(csvField(';=1+1')).toBe(`";'=1+1"`);
    expect(csvField('x;=HYPERLINK(A1);')).toBe(`"x;'=HYPERLINK(A1);"`);
    expect(csvField('a; +1')).toBe(`"a; '+1"`);
    expect(csvField('a;"=1')).toBe(`"a;""'=1"`);
    expect(csvField('x,@SUM(A1)')).toBe(`"x,'@SUM(A1)"`);
    expect(csvField('Tom;Jerry')).toBe('"Tom;Jerry"');
    // Read with ';' as the separator (as Excel does in those locales), no cell of the line starts a formula.
    const line = winnersCsv([
      {
        rank: 1,
        displayName: ';=1+1',
        score: 90,
        guessesUsed: 1,
        thinkingSeconds: 3.5,
        email: 'a@example.test',
        phone: 'x;=HYPERLINK(A1);',
        completedAt: '2026-01-01T10:00:00.000Z',
      },
    ])
      .slice(1)
      .split('\r\n')[1];
    for (const cell of line.split(';')) expect(cell.replace(/^[\s"]+/, ''), line).not.toMatch(/^[=+\-@]/);
  });

  it('writes a phone number that passes the input rule as typed (no apostrophe to delete before dialling)', () => {
    expect(csvPhoneField('+49 170 1234567')).toBe('+49 170 1234567');
    expect(csvPhoneField('(030) 123-456')).toBe('(030) 123-456');
    // Saved before the rule existed: neutralised like any other text.
    expect(csvPhoneField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvPhoneField('x;=HYPERLINK(A1);')).toBe(`"x;'=HYPERLINK(A1);"`);
    expect(csvPhoneField(null)).toBe('');
  });
});
