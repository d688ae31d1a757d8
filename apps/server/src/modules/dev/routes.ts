// /dev/mailbox: the local outbox as a page, for development machines without SMTP.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml } from '../../mail/html.js';
import { readOutbox } from '../../mail/transport.js';
import { notFound } from '../../errors.js';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:860px;margin:0 auto;padding:24px;line-height:1.5;color:#0f172a">${body}</body></html>`;
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** The mailbox answers HTML pages. */
const htmlPage = z.string().describe('text/html');

export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  // The mailbox holds reset and verification links: only this machine may read it. The socket's own
  // address decides (never X-Forwarded-For), and anything relayed by a proxy counts as remote.
  app.addHook('onRequest', async (request) => {
    const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
    if (proxied || !isLoopback(request.socket.remoteAddress)) throw notFound('Not found');
  });

  app.get('/dev/mailbox', { schema: { querystring: z.object({}), response: { 200: htmlPage } } }, async (_request, reply) => {
    const mails = readOutbox(app.config.dataDir);
    const rows = mails
      .map(
        (mail) => `<li style="margin:12px 0;padding:12px;border:1px solid #e2e8f0;border-radius:8px">
<a href="/dev/mailbox/${escapeHtml(mail.id)}"><strong>${escapeHtml(mail.subject)}</strong></a><br>
<span style="color:#64748b">to ${escapeHtml(mail.to)} · ${escapeHtml(mail.date)}</span>
${mail.links.map((link) => `<br><a href="${escapeHtml(link)}" style="word-break:break-all">${escapeHtml(link)}</a>`).join('')}</li>`,
      )
      .join('');
    const body = `<h1>Local mailbox</h1><p>Mail is kept here because <code>SMTP_URL</code> is not set. Newest first.</p>
${mails.length ? `<ul style="list-style:none;padding:0">${rows}</ul>` : '<p>No mail yet. Request a password reset to see one here.</p>'}`;
    return reply.type('text/html').send(page('Local mailbox · Fundwire', body));
  });

  app.get('/dev/mailbox/:id', { schema: { params: z.object({ id: z.string().max(100) }), querystring: z.object({}), response: { 200: htmlPage } } }, async (request, reply) => {
    const mail = readOutbox(app.config.dataDir).find((candidate) => candidate.id === request.params.id);
    if (!mail) throw notFound('No such mail');
    // The mail's own HTML is shown as text: the CSP forbids framing, and the links are listed.
    const body = `<p><a href="/dev/mailbox">← Mailbox</a></p><h1>${escapeHtml(mail.subject)}</h1>
<p style="color:#64748b">from ${escapeHtml(mail.from)} to ${escapeHtml(mail.to)} · ${escapeHtml(mail.date)}</p>
<pre style="white-space:pre-wrap;word-break:break-all;background:#f8fafc;padding:16px;border-radius:8px">${escapeHtml(mail.text)}</pre>
${mail.links.map((link) => `<p><a href="${escapeHtml(link)}" style="word-break:break-all">${escapeHtml(link)}</a></p>`).join('')}`;
    return reply.type('text/html').send(page(`${mail.subject} · Fundwire`, body));
  });
};
