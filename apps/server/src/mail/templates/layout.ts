// A plain, readable mail layout shared by every template.
import type { MailMessage } from '../transport.js';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);
}

export function mailLayout(options: { title: string; paragraphs: string[]; action?: { label: string; url: string }; footer?: string }): string {
  const action = options.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(options.action.url)}" style="background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(options.action.label)}</a></p>
<p style="color:#64748b;font-size:13px">If the button does not work, paste this link into your browser:<br>${escapeHtml(options.action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#0f172a;line-height:1.6;max-width:560px;margin:0 auto;padding:24px">
<p style="font-weight:700;font-size:18px">Fundwire</p>
<h1 style="font-size:20px">${escapeHtml(options.title)}</h1>
${options.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${action}
<p style="color:#64748b;font-size:12px;margin-top:32px">${escapeHtml(options.footer ?? 'Fundwire: startups that just raised money, and who to contact there.')}</p>
</body></html>`;
}

/** A one-link mail (reset, verification): what it is for, the link, then when it expires and what to ignore. */
export function oneLinkMail(options: { to: string; subject: string; title: string; intro: string; outro: string; label: string; url: string }): MailMessage {
  const paragraphs = [options.intro, options.outro];
  return {
    to: options.to,
    subject: options.subject,
    text: `${options.intro}\n\n${options.url}\n\n${options.outro}\n`,
    html: mailLayout({ title: options.title, paragraphs, action: { label: options.label, url: options.url } }),
  };
}
