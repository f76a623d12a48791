import type { IncomingMessage, ServerResponse } from 'node:http';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { escapeHtml } from '../../functions/lib/mail-frame.ts';
import type { Mail } from '../../functions/lib/mail.ts';

/**
 * The local outbox (functions/lib/mail.ts writes `<name>.json` per message under MAIL_OUTBOX_DIR)
 * as an inbox in the browser, for `npm start` only:
 * - `/_dev/mail`: the messages, newest first (to, subject, time);
 * - `/_dev/mail/<name>`: one message, its HTML in a sandboxed frame, its text, its attachments;
 * - `/_dev/mail/<name>/body`: the HTML itself, sandboxed by its own CSP too (no script, nothing
 *   fetched); its links open in a new tab, out of the sandbox, so a Confirm or Manage link works;
 * - `/_dev/mail/<name>/attachments/<n>`: an attachment (the .ics), as a download.
 * Every value is escaped, and nothing is loaded from outside.
 */

export const INBOX_PATH = '/_dev/mail';
/** The newest this many are listed: a soak run leaves thousands. */
const LISTED = 200;
const NAME = /^[A-Za-z0-9-]{1,80}$/;

type StoredMail = Mail & { from?: string };

const pageHeaders = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
};
const OPEN_LINKS_OUTSIDE = 'allow-popups allow-popups-to-escape-sandbox';
/** A message's own HTML: no script, no request anywhere, shown only inside the inbox's frame. */
const bodyHeaders = {
  ...pageHeaders,
  'content-security-policy': `sandbox ${OPEN_LINKS_OUTSIDE}; default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'`,
};
/** The message's HTML with its links opening in a new tab (a frame's own navigation would stay sandboxed). */
const linksInNewTabs = (html: string) => {
  const base = '<base target="_blank">';
  return /<head(\s[^>]*)?>/i.test(html) ? html.replace(/<head(\s[^>]*)?>/i, (head) => `${head}${base}`) : `${base}${html}`;
};

/** `2026-11-22T05-00-00-000Z-1a2b3c4d` (the outbox's names) -> its instant; else the file's time. */
async function sentAt(dir: string, name: string): Promise<Date> {
  const stamp = /^(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z-/.exec(name);
  const parsed = stamp ? new Date(`${stamp[1]}T${stamp[2]}:${stamp[3]}:${stamp[4]}.${stamp[5]}Z`) : undefined;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : (await stat(join(dir, `${name}.json`))).mtime;
}

async function readMail(dir: string, name: string): Promise<StoredMail | undefined> {
  if (!NAME.test(name)) return undefined;
  try {
    const mail = JSON.parse(await readFile(join(dir, `${name}.json`), 'utf8')) as Partial<StoredMail>;
    return { from: '', to: '', subject: '', text: '', html: '', ...mail, attachments: Array.isArray(mail.attachments) ? mail.attachments : [] };
  } catch {
    return undefined;
  }
}

const when = (date: Date) => `<time datetime="${date.toISOString()}">${date.toISOString().replace('T', ' ').slice(0, 19)} UTC</time>`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:960px;padding:16px;color:#1b1f1c}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #e3e9e1;vertical-align:top}
a{color:#1f6f4a}iframe{width:100%;height:70vh;border:1px solid #e3e9e1;background:#fff}pre{white-space:pre-wrap;background:#f4f7f2;padding:12px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px}dt{color:#5b665e}dd{margin:0}
</style></head><body><main>
${body}
</main></body></html>`;
}

async function listPage(dir: string): Promise<string> {
  const files = await readdir(dir).catch(() => [] as string[]);
  const names = files
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .filter((name) => NAME.test(name))
    .sort()
    .reverse();
  const rows = await Promise.all(
    names.slice(0, LISTED).map(async (name) => {
      const mail = await readMail(dir, name);
      if (!mail) return '';
      const link = `${INBOX_PATH}/${encodeURIComponent(name)}`;
      return `<tr><td>${when(await sentAt(dir, name))}</td><td>${escapeHtml(mail.to)}</td><td><a href="${escapeHtml(link)}">${escapeHtml(mail.subject || '(no subject)')}</a></td><td>${(mail.attachments ?? []).map((attachment) => escapeHtml(attachment.filename)).join(', ')}</td></tr>`;
    }),
  );
  const shown = names.length > LISTED ? ` (the newest ${LISTED} of ${names.length})` : '';
  const table = names.length
    ? `<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th><th>Attached</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table>`
    : '<p>No mail yet. Book a stay, sign up or cancel, and its e-mail appears here.</p>';
  return page(
    'Local inbox',
    `<h1>Local inbox</h1>
<p>Mail the functions sent under <code>npm start</code>, from <code>${escapeHtml(dir)}</code>, newest first${shown}.</p>
${table}`,
  );
}

function messagePage(name: string, mail: StoredMail, sent: Date): string {
  const base = `${INBOX_PATH}/${encodeURIComponent(name)}`;
  const attachments = (mail.attachments ?? []).map(
    (attachment, index) =>
      `<li><a href="${escapeHtml(`${base}/attachments/${index}`)}" download="${escapeHtml(attachment.filename)}">${escapeHtml(attachment.filename)}</a> <small>${escapeHtml(attachment.contentType)}</small></li>`,
  );
  return page(
    mail.subject || '(no subject)',
    `<p><a href="${INBOX_PATH}">← Inbox</a></p>
<h1>${escapeHtml(mail.subject || '(no subject)')}</h1>
<dl><dt>From</dt><dd>${escapeHtml(mail.from ?? '')}</dd><dt>To</dt><dd>${escapeHtml(mail.to)}</dd><dt>Sent</dt><dd>${when(sent)}</dd></dl>
${attachments.length ? `<h2>Attachments</h2><ul>${attachments.join('')}</ul>` : ''}
${mail.html ? `<h2>HTML</h2><iframe sandbox="${OPEN_LINKS_OUTSIDE}" title="The message's HTML" src="${escapeHtml(`${base}/body`)}"></iframe>` : ''}
<h2>Text</h2><pre>${escapeHtml(mail.text)}</pre>`,
  );
}

const notFound = (response: ServerResponse) => {
  response.writeHead(404, pageHeaders);
  response.end(page('Not found', `<h1>Not found</h1><p><a href="${INBOX_PATH}">← Inbox</a></p>`));
};

/** Answers a request under INBOX_PATH from the outbox in `dir`. */
export function createMailInbox(dir: string) {
  return async (request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { ...pageHeaders, allow: 'GET, HEAD' });
      return void response.end();
    }
    let parts: string[];
    try {
      parts = url.pathname.slice(INBOX_PATH.length).split('/').filter(Boolean).map(decodeURIComponent);
    } catch {
      return notFound(response);
    }
    if (parts.length === 0) {
      response.writeHead(200, pageHeaders);
      return void response.end(await listPage(dir));
    }
    const [name = '', view, index] = parts;
    const mail = await readMail(dir, name);
    if (!mail) return notFound(response);
    if (parts.length === 1) {
      response.writeHead(200, pageHeaders);
      return void response.end(messagePage(name, mail, await sentAt(dir, name)));
    }
    if (view === 'body' && parts.length === 2) {
      response.writeHead(200, bodyHeaders);
      return void response.end(linksInNewTabs(mail.html));
    }
    const attachment = view === 'attachments' && parts.length === 3 && /^\d+$/.test(index ?? '') ? mail.attachments?.[Number(index)] : undefined;
    if (!attachment) return notFound(response);
    const filename = attachment.filename.replace(/[^A-Za-z0-9._-]/g, '_') || 'attachment';
    response.writeHead(200, {
      // Its own type only when it is a plain text one (text/calendar...); anything else is bytes to save.
      'content-type': /^text\/[\w.+-]+(;[\w\s=.;"-]*)?$/i.test(attachment.contentType) ? attachment.contentType : 'application/octet-stream',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
    });
    response.end(attachment.content);
  };
}
