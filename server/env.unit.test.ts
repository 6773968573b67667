import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

describe('loadEnv', () => {
  it('runs with no variables at all', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.publicUrl).toBe('http://localhost:3000');
    expect(env.SCORING_PROVIDER).toBe('minilm');
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable', () => {
    expect(() => loadEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SCORING_PROVIDER: 'magic' })).toThrowError(EnvError);
    try {
      loadEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SCORING_PROVIDER: 'magic' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('SCORING_PROVIDER');
    }
  });

  it('requires a secret and a public URL in production', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrowError(/BETTER_AUTH_SECRET[\s\S]*PUBLIC_URL/);
  });

  it('treats empty strings as unset', () => {
    expect(loadEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});
