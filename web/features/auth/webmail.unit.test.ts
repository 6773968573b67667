import { describe, expect, it } from 'vitest';
import { webmailUrl } from './webmail';

describe('webmailUrl', () => {
  it('opens the inbox of well-known providers', () => {
    expect(webmailUrl('Ana@Gmail.com')).toBe('https://mail.google.com/mail/');
    expect(webmailUrl('bo@hotmail.co.uk')).toBe('https://outlook.live.com/mail/');
    expect(webmailUrl('cy@yahoo.fr')).toBe('https://mail.yahoo.com/');
    expect(webmailUrl('di@icloud.com')).toBe('https://www.icloud.com/mail/');
    expect(webmailUrl('ed@proton.me')).toBe('https://mail.proton.me/');
  });

  it('has nothing for other domains or a broken address (look-alikes included)', () => {
    expect(webmailUrl('fi@company.example')).toBeNull();
    expect(webmailUrl('gi@gmail.com.evil.test')).toBeNull();
    expect(webmailUrl('hi@live.com.evil.test')).toBeNull();
    expect(webmailUrl('not-an-address')).toBeNull();
  });
});
