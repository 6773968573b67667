import { describe, expect, it } from 'vitest';
import { boothReport, formatBoothReport, isLoopbackUrl, lanUrls, type Interfaces } from './booth-network';

const interfaces: Interfaces = {
  lo: [{ address: '127.0.0.1', netmask: '255.0.0.0', family: 'IPv4', mac: '00:00:00:00:00:00', internal: true, cidr: '127.0.0.1/8' }],
  wlan0: [
    {
      address: '192.168.1.20',
      netmask: '255.255.255.0',
      family: 'IPv4',
      mac: 'aa:bb:cc:dd:ee:ff',
      internal: false,
      cidr: '192.168.1.20/24',
    },
    {
      address: 'fe80::1',
      netmask: 'ffff:ffff:ffff:ffff::',
      family: 'IPv6',
      mac: 'aa:bb:cc:dd:ee:ff',
      internal: false,
      cidr: 'fe80::1/64',
      scopeid: 2,
    },
  ],
  eth0: [{ address: '10.0.0.5', netmask: '255.255.255.0', family: 'IPv4', mac: '11:22:33:44:55:66', internal: false, cidr: '10.0.0.5/24' }],
};

describe('isLoopbackUrl', () => {
  it.each([
    'http://localhost:3000',
    'http://LOCALHOST',
    'http://127.0.0.1:3000/play',
    'http://127.1.2.3',
    'http://[::1]:3000',
    'http://0.0.0.0:3000',
    'http://app.localhost:3000',
    'localhost',
    '127.0.0.1',
    '::1',
  ])('%s is loopback', (url) => expect(isLoopbackUrl(url)).toBe(true));

  it.each([
    'http://192.168.1.20:3000',
    'https://game.example.com',
    'http://10.0.0.5',
    'http://localhost.example.com',
    '192.168.1.20',
    'not a url at all',
  ])('%s is not', (url) => expect(isLoopbackUrl(url)).toBe(false));
});

describe('lanUrls', () => {
  it('lists every external IPv4 address with the port', () => {
    expect(lanUrls(3000, interfaces)).toEqual(['http://192.168.1.20:3000', 'http://10.0.0.5:3000']);
  });
  it('only the bound address when HOST names one', () => {
    expect(lanUrls(3000, interfaces, '10.0.0.5')).toEqual(['http://10.0.0.5:3000']);
  });
});

describe('boothReport', () => {
  const base = { port: 3000, interfaces };

  it('warns when the server is exposed but PUBLIC_URL (and so the QR code) points at loopback', () => {
    const report = boothReport({ ...base, host: '0.0.0.0', publicUrl: 'http://localhost:3000', gameUrl: 'http://localhost:3000' });
    expect(report.phoneUrls).toContain('http://192.168.1.20:3000');
    expect(report.warnings).toHaveLength(2);
    expect(report.warnings[0]).toMatch(/PUBLIC_URL is http:\/\/localhost:3000.*Set PUBLIC_URL=http:\/\/192\.168\.1\.20:3000/);
    expect(report.warnings[1]).toMatch(/QR code/);
    expect(formatBoothReport(report, 'http://localhost:3000')).toMatch(/WARNING: PUBLIC_URL/);
  });

  it('warns about GAME_URL on its own', () => {
    const report = boothReport({ ...base, host: '0.0.0.0', publicUrl: 'http://192.168.1.20:3000', gameUrl: 'http://127.0.0.1:3000' });
    expect(report.warnings).toEqual([expect.stringMatching(/^GAME_URL is http:\/\/127\.0\.0\.1:3000.*Set GAME_URL=/)]);
  });

  it('is quiet when the URLs are reachable', () => {
    const report = boothReport({ ...base, host: '0.0.0.0', publicUrl: 'http://192.168.1.20:3000', gameUrl: 'http://192.168.1.20:3000' });
    expect(report.warnings).toEqual([]);
  });

  it('is quiet when only this machine listens (the default HOST): localhost is then right', () => {
    const report = boothReport({ ...base, host: '127.0.0.1', publicUrl: 'http://localhost:3000', gameUrl: 'http://localhost:3000' });
    expect(report).toEqual({ phoneUrls: [], warnings: [] });
  });
});
