import { randomBytes } from 'node:crypto';

/** A verified player with a display name, made over HTTP against a running server that captures mail (/dev/mail.json). */
export async function createBenchPlayer(baseUrl: string, index: number): Promise<{ cookie: string; email: string }> {
  const email = `bench-${index}-${randomBytes(3).toString('hex')}@example.test`;
  const headers = { 'content-type': 'application/json', origin: baseUrl };
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'bench-password', name: '' }),
  });
  if (!signUp.ok) throw new Error(`sign-up ${signUp.status}: ${await signUp.text()}`);
  const mails = (await (await fetch(`${baseUrl}/dev/mail.json`)).json()) as Array<{ to: string; text: string }>;
  const link = mails.find((mail) => mail.to === email)!.text.match(/https?:\/\/\S+/)![0];
  const verify = await fetch(link, { redirect: 'manual' });
  const cookie = verify.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  // A few numbers read as words to the name filter ("Bench 455"); those players get the digits spelt as consonants.
  const spelt = `Bench ${[...String(index)].map((digit) => 'bcdfghjmpr'[Number(digit)]).join('')}`;
  for (const displayName of [`Bench ${index}`, spelt]) {
    const profile = await fetch(`${baseUrl}/api/profile`, {
      method: 'PUT',
      headers: { ...headers, cookie },
      body: JSON.stringify({ displayName }),
    });
    if (profile.ok) break;
    const body = await profile.text();
    if (!body.includes('NAME_REFUSED') || displayName === spelt) throw new Error(`profile ${profile.status}: ${body}`);
  }
  return { cookie, email };
}
