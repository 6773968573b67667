import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The documents stay true and readable: no citations of tickets or work sessions (they mean nothing to a reader of the
// repo and go stale), and decision records with one shape, all in the index.
const root = path.resolve(import.meta.dirname, '..');

const SKIPPED_DIRS = new Set(['node_modules', '.git', 'dist', 'data', 'test-results', '.artifacts', 'coverage']);
const TEXT = /\.(md|ts|tsx|mts|mjs|cjs|js|json|sh|css|html|ya?ml|cfg|txt)$/;

function textFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return SKIPPED_DIRS.has(name) ? [] : textFiles(full);
    if (name === 'package-lock.json') return [];
    return TEXT.test(name) || path.basename(dir) === '.ci' ? [full] : [];
  });
}

/** The word issue, stop or spec followed by a number: a ticket's or a session's number instead of what is meant. */
const CITATION = /\b(?:issue|stop|spec)s? ?#?\d+/gi;

describe('no ticket or session numbers in the repo', () => {
  it('the pattern finds what it must and leaves ordinary text alone', () => {
    const found = (text: string) => text.match(CITATION) ?? [];
    expect(found('as issue 22 asks; since stop 29; (SPEC 3); issue #4; issues 8 and 12')).toEqual([
      'issue 22',
      'stop 29',
      'SPEC 3',
      'issue #4',
      'issues 8',
    ]);
    expect(found('the issue, a stop watch, specs.map(spec => 2), tissue 3, nonstop 4')).toEqual([]);
  });

  it('no file cites an issue, a stop or a SPEC by number (say what is meant: a rule, a decision, a commit, a date)', () => {
    // This file is left out: its examples are what the pattern must find.
    const files = textFiles(root).filter((file) => file !== import.meta.filename);
    expect(files.length).toBeGreaterThan(100);
    const hits = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (line.match(CITATION) ?? []).map((m) => `${path.relative(root, file)}:${i + 1}: ${m}`)),
    );
    expect(hits).toEqual([]);
  });
});

describe('decision records (docs/decisions/)', () => {
  const dir = path.join(root, 'docs/decisions');
  const records = readdirSync(dir)
    .filter((name) => /^\d{3}-.+\.md$/.test(name))
    .sort();
  const index = readFileSync(path.join(dir, 'README.md'), 'utf8');

  it('the index lists every record, by its file', () => {
    expect(records.length).toBeGreaterThan(40);
    expect(records.filter((name) => !index.includes(`](${name})`))).toEqual([]);
  });

  it('every record has one shape: "# NNN — Title", a Status line, then Context, Decision and Consequences', () => {
    const wrong = records.flatMap((name) => {
      const text = readFileSync(path.join(dir, name), 'utf8');
      const lines = text.split('\n');
      const problems: string[] = [];
      if (!lines[0].startsWith(`# ${name.slice(0, 3)} — `)) problems.push('title');
      if (!lines[2]?.startsWith('Status: ')) problems.push('status line');
      const sections = lines.filter((line) => line.startsWith('## '));
      if (sections.join('|') !== '## Context|## Decision|## Consequences') problems.push(`sections: ${sections.join(', ')}`);
      return problems.map((problem) => `${name}: ${problem}`);
    });
    expect(wrong).toEqual([]);
  });

  it('a superseded record names what superseded it', () => {
    const superseded = records.filter((name) => /^Status: superseded/m.test(readFileSync(path.join(dir, name), 'utf8')));
    expect(
      superseded.filter((name) => !/^Status: superseded\.[^\n]*Superseded by \d{3}/m.test(readFileSync(path.join(dir, name), 'utf8'))),
    ).toEqual([]);
  });
});
