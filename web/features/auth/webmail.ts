/**
 * The inbox of a well-known mail provider, for the one-tap "Open my mail" on the complete screen (a phone opens the
 * provider's app for these links); null for any other domain, where the page only says where the code is.
 */
const WEBMAIL: Array<{ domains: RegExp; url: string }> = [
  { domains: /^(gmail|googlemail)\.com$/, url: 'https://mail.google.com/mail/' },
  { domains: /^(outlook|hotmail|live|msn)(\.co|\.com)?\.[a-z]{2,3}$/, url: 'https://outlook.live.com/mail/' },
  { domains: /^(yahoo|ymail)(\.co|\.com)?\.[a-z]{2,3}$/, url: 'https://mail.yahoo.com/' },
  { domains: /^(icloud|me|mac)\.com$/, url: 'https://www.icloud.com/mail/' },
  { domains: /^(proton\.me|protonmail\.com|pm\.me)$/, url: 'https://mail.proton.me/' },
  { domains: /^gmx(\.co|\.com)?\.[a-z]{2,3}$/, url: 'https://www.gmx.net/' },
  { domains: /^web\.de$/, url: 'https://web.de/' },
];

export function webmailUrl(email: string): string | null {
  const domain = email.trim().toLowerCase().split('@')[1];
  if (!domain) return null;
  return WEBMAIL.find((provider) => provider.domains.test(domain))?.url ?? null;
}
