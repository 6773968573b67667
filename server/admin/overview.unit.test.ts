import { describe, expect, it } from 'vitest';
import { isLocalUrl, overviewWarnings } from './overview.service';

const config = { publicUrl: 'https://game.example.com', gameUrl: 'https://game.example.com', production: true, mailCapture: false };
const healthy = { enabled: 100, unused: 80, claimable: 80, claimed10: 2, is_open: true, reuse: false };
// Without idle claims, what START can hand out is the unused prompts.
const codes = (counts: Partial<typeof healthy>, overrides: Partial<typeof config> = {}) =>
  overviewWarnings({ ...healthy, claimable: counts.unused ?? healthy.unused, ...counts }, { ...config, ...overrides }).map(
    (warning) => warning.code,
  );

describe('overview warnings', () => {
  it('says nothing when all is well', () => {
    expect(codes({})).toEqual([]);
  });
  it('warns of an empty, low or draining pool (with reuse on, only of a drain of the unused prompts)', () => {
    expect(codes({ unused: 0 })).toEqual(['POOL_EMPTY']);
    expect(codes({ unused: 9 })).toContain('POOL_LOW');
    expect(codes({ unused: 10 })).not.toContain('POOL_LOW');
    expect(codes({ unused: 30, claimed10: 10 })).toEqual(['POOL_DRAINING']);
    expect(codes({ unused: 31, claimed10: 10 })).toEqual([]);
    expect(codes({ unused: 0, claimed10: 0, reuse: true })).toEqual([]);
    expect(codes({ unused: 0, claimed10: 12, reuse: true })).toEqual(['POOL_DRAINING']);
    expect(codes({ unused: 30, claimed10: 10, reuse: true })).toEqual(['POOL_DRAINING']);
    expect(codes({ unused: 31, claimed10: 10, reuse: true })).toEqual([]);
    expect(codes({ enabled: 0, unused: 0, reuse: true })).toEqual(['POOL_EMPTY']);
  });
  it('warns of a closed event, local URLs and captured mail in production', () => {
    expect(codes({ is_open: false })).toEqual(['EVENT_CLOSED']);
    expect(codes({}, { publicUrl: 'http://localhost:3000', gameUrl: 'http://127.0.0.1:3000' })).toEqual([
      'PUBLIC_URL_LOCAL',
      'GAME_URL_LOCAL',
    ]);
    expect(codes({}, { gameUrl: 'http://[::1]:3000' })).toEqual(['GAME_URL_LOCAL']);
    expect(codes({}, { mailCapture: true })).toEqual(['MAIL_CAPTURE_IN_PRODUCTION']);
    expect(codes({}, { mailCapture: true, production: false })).toEqual([]);
  });
  it('knows local addresses', () => {
    for (const url of [
      'http://localhost:3000',
      'http://127.0.0.1',
      'http://127.1.2.3:80',
      'http://[::1]:3000',
      'http://app.localhost',
      'http://0.0.0.0:3000',
    ])
      expect(isLocalUrl(url), url).toBe(true);
    for (const url of ['http://192.168.1.20:3000', 'https://booth.example.com', 'http://10.0.0.5'])
      expect(isLocalUrl(url), url).toBe(false);
  });
});

describe('what the pool still serves', () => {
  it('counts idle claims as free, as START does: unused 0 with 5 idle claims is not empty', () => {
    expect(codes({ unused: 0, claimable: 5, enabled: 10, claimed10: 0 })).toEqual([]);
    expect(codes({ unused: 0, claimable: 0, enabled: 10, claimed10: 0 })).toEqual(['POOL_EMPTY']);
  });
});
