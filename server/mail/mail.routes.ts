import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import { isThisMachine } from '../http/this-machine';
import { listCapturedMail } from './mail.service';
import { escapeHtml } from './mail.templates';

/**
 * Development mailbox: every captured mail, newest first. Not registered in production, and answered only to
 * this machine: a deployment that forgot NODE_ENV must not hand out everyone's verification and reset links.
 */
export async function devMailRoutes(app: FastifyInstance, { db }: { db: Db }) {
  // The socket's own peer, never request.ip: with a trusted proxy request.ip comes from X-Forwarded-For, which the
  // client writes. And a request that came through any proxy (a tunnel on this machine included) is not local.
  app.addHook('onRequest', async (request, reply) => {
    if (!isThisMachine(request.raw.socket.remoteAddress, request.headers)) return reply.callNotFound();
  });

  // ?to=<address>: only that mailbox's (a reader among a flood of other mail).
  app.get(
    '/dev/mail.json',
    { schema: { querystring: z.object({ to: z.string().trim().toLowerCase().max(320).optional() }) } },
    async (request) => {
      const mails = await listCapturedMail(db, 100, (request.query as { to?: string }).to);
      return mails.map(({ to, subject, text, html, createdAt }) => ({ to, subject, text, html, createdAt: createdAt.toISOString() }));
    },
  );

  app.get('/dev/mail', async (_request, reply) => {
    const mails = await listCapturedMail(db);
    const items = mails
      .map(
        (
          mail,
        ) => `<article><header><strong>${escapeHtml(mail.subject)}</strong><br>to ${escapeHtml(mail.to)} · ${mail.createdAt.toISOString()}</header>
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
