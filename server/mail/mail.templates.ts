export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

function actionMail(subject: string, intro: string, action: string, url: string, outro: string, code?: string): MailContent {
  const codeText = code ? `Or type this code on the sign-in page: ${code}\n\n` : '';
  const text = `${intro}\n\n${action}: ${url}\n\n${codeText}${outro}\n\n— Guess the Genesis`;
  const codeHtml = code
    ? `<p>Or type this code on the sign-in page:</p>
<p style="font-size:32px;font-weight:700;letter-spacing:8px;margin:8px 0 16px;font-family:ui-monospace,monospace">${escapeHtml(code)}</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#0b0b14;color:#f4f4f8;padding:24px">
<div style="max-width:430px;margin:0 auto;background:#161627;border-radius:16px;padding:24px">
<h1 style="font-size:20px;margin:0 0 12px">Guess the Genesis</h1>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#8b5cf6;color:#fff;padding:12px 20px;border-radius:10px;text-decoration:none;font-weight:600">${escapeHtml(action)}</a></p>
${codeHtml}<p style="font-size:13px;color:#b4b4c8">Or paste this link into your browser:<br><span style="word-break:break-all">${escapeHtml(url)}</span></p>
<p style="font-size:13px;color:#b4b4c8">${escapeHtml(outro)}</p>
</div></body></html>`;
  return { subject, text, html };
}

export const verificationMail = (url: string, code?: string) =>
  actionMail(
    'Confirm your e-mail for Guess the Genesis',
    'Someone (hopefully you) just signed up for Guess the Genesis with this e-mail address. If it was you, confirm the address to start playing.',
    'Confirm my e-mail',
    url,
    code
      ? "The code expires in 15 minutes. If it wasn't you, ignore this e-mail: an address nobody confirms is forgotten within a day."
      : "If it wasn't you, ignore this e-mail: an address nobody confirms is forgotten within a day.",
    code,
  );

export const passwordResetMail = (url: string) =>
  actionMail(
    'Reset your Guess the Genesis password',
    'Someone (hopefully you) asked to reset the password of your Guess the Genesis account.',
    'Choose a new password',
    url,
    "If you didn't ask for this, ignore this e-mail: your password stays as it is. The link expires in one hour.",
  );

/**
 * Sent when someone signs up with an address that already has an account: the owner learns what happened, and
 * sign-up does the same work (one queued mail) for new and existing addresses, so its timing reveals nothing.
 */
export const existingAccountMail = (signInUrl: string) =>
  actionMail(
    'You already have a Guess the Genesis account',
    'Someone (hopefully you) tried to sign up for Guess the Genesis with this e-mail address, which already has an account.',
    'Sign in',
    signInUrl,
    "Forgot your password? Choose 'Forgot password?' on the sign-in page. If this wasn't you, you can ignore this e-mail.",
  );
