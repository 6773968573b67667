import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { listCapturedMail } from './mail.service';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** Development mailbox: every captured mail, newest first. Not registered in production. */
export async function devMailRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/dev/mail.json', async () => {
    const mails = await listCapturedMail(db);
    return mails.map(({ to, subject, text, html, createdAt }) => ({ to, subject, text, html, createdAt: createdAt.toISOString() }));
  });

  app.get('/dev/mail', async (_request, reply) => {
    const mails = await listCapturedMail(db);
    const items = mails
      .map(
        (mail) => `<article><header><strong>${escapeHtml(mail.subject)}</strong><br>to ${escapeHtml(mail.to)} · ${mail.createdAt.toISOString()}</header>
<pre>${escapeHtml(mail.text).replace(/(https?:\/\/[^\s<]+)/g, (url) => `<a href="${url}">${url}</a>`)}</pre></article>`,
      )
      .join('\n');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Captured mail</title>
<link rel="stylesheet" href="/dev/mail.css"></head><body><h1>Captured mail (${mails.length})</h1>${items || '<p>No mail captured yet.</p>'}</body></html>`;
  });

  // A stylesheet rather than inline styles, so the page works under our CSP.
  app.get('/dev/mail.css', async (_request, reply) => {
    reply.type('text/css');
    return 'body{font-family:system-ui,sans-serif;max-width:760px;margin:24px auto;padding:0 16px;background:#0b0b14;color:#f4f4f8}article{background:#161627;border-radius:12px;padding:16px;margin:12px 0}pre{white-space:pre-wrap;word-break:break-all}a{color:#a78bfa}';
  });
}
