import { describe, expect, it } from 'vitest';
import { isLoopbackUrl } from './loopback-url';

describe('isLoopbackUrl (the booth QR code must open on a phone)', () => {
  it('flags localhost, 127.x and ::1 in any spelling', () => {
    for (const url of [
      'http://localhost:3000',
      'http://LOCALHOST',
      'http://app.localhost:3000/',
      'http://127.0.0.1:3000',
      'http://127.1.2.3',
      'http://[::1]:3000/',
      'https://[0:0:0:0:0:0:0:1]/',
    ]) {
      expect(isLoopbackUrl(url), url).toBe(true);
    }
  });

  it('accepts LAN addresses and real hosts, and is quiet on garbage', () => {
    for (const url of [
      'http://192.168.1.20:3000',
      'https://play.example.com',
      'http://10.0.0.5',
      'http://localhost.example.com',
      'not a url',
    ]) {
      expect(isLoopbackUrl(url), url).toBe(false);
    }
  });
});
