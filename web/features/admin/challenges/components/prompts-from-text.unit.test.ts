import { describe, expect, it } from 'vitest';
import { promptsFromText } from './prompts-from-text';

describe('prompts pasted or loaded for generation', () => {
  it('takes one prompt a line, trimmed, without blank lines', () => {
    expect(promptsFromText('  a cat \n\n\r\na dog, running\n', false)).toEqual(['a cat', 'a dog, running']);
  });

  it('takes the first column of a CSV, unquoting and dropping a "prompt" header', () => {
    expect(promptsFromText('prompt,style\n"a cat, sleeping",oil\na dog,photo\n"say ""hi""",x', true)).toEqual([
      'a cat, sleeping',
      'a dog',
      'say "hi"',
    ]);
  });
});
