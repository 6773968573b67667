import { describe, expect, it } from 'vitest';
import { STREAM_HEARTBEAT_MS, STREAM_SILENCE_MS } from '@contracts/leaderboard.rules';
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

  it('beats live streams often enough by default that the web client never takes a quiet board for a dead stream', () => {
    expect(loadEnv({}).SSE_HEARTBEAT_MS).toBe(STREAM_HEARTBEAT_MS);
    expect(STREAM_HEARTBEAT_MS).toBeLessThan(STREAM_SILENCE_MS);
  });

  it('treats empty strings as unset', () => {
    expect(loadEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});

describe('TRUST_PROXY (docs/decisions/009)', () => {
  it("refuses 'true', which would let any client choose its address through X-Forwarded-For, and says what to set instead", () => {
    for (const value of ['true', 'TRUE', 'yes', '*']) {
      expect(() => loadEnv({ TRUST_PROXY: value })).toThrowError(
        /TRUST_PROXY: 'true' trusts every X-Forwarded-For entry[\s\S]*number of proxies/,
      );
    }
  });

  it('accepts a hop count or proxy addresses, and refuses anything else', () => {
    expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe('1');
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.4' }).TRUST_PROXY).toBe('10.0.0.0/8, 192.168.1.4');
    expect(loadEnv({ TRUST_PROXY: '::1' }).TRUST_PROXY).toBe('::1');
    expect(loadEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe('false');
    expect(() => loadEnv({ TRUST_PROXY: 'loopback; rm' })).toThrowError(/TRUST_PROXY: must be a hop count/);
  });
});

describe('ALLOWED_ORIGINS', () => {
  it('is a comma-separated list of origins (paths and trailing slashes dropped)', () => {
    expect(loadEnv({ ALLOWED_ORIGINS: 'http://192.168.1.20:3000/, https://booth.example.com/play' }).ALLOWED_ORIGINS).toEqual([
      'http://192.168.1.20:3000',
      'https://booth.example.com',
    ]);
    expect(loadEnv({}).ALLOWED_ORIGINS).toEqual([]);
  });
  it('refuses something that is not a URL, naming the variable', () => {
    expect(() => loadEnv({ ALLOWED_ORIGINS: '192.168.1.20:3000' })).toThrowError(/ALLOWED_ORIGINS/);
  });
});
