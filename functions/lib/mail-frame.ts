import { RESORT_NAME } from '../../shared/booking-mail.ts';

/*
 * The look of every e-mail the resort sends (booking mail: functions/lib/bookings/booking-mail.ts;
 * sign-up mail: functions/lib/account-mail.ts): one phone-width column, inline styles, a forest
 * header, a button mail apps draw as one, a notes box and a footer line.
 */

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

export const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
export const INK = '#1b1f1c';
export const MUTED = '#5b665e';
export const FOREST = '#1f4d3a';
export const BUTTON = '#1f6f4a';
export const PAPER = '#f4f7f2';

/**
 * A button mail apps draw as one (a link in a coloured cell), and the address below it for apps that
 * show no button, after `orOpen` (in the e-mail's language).
 */
export function mailButton(action: { label: string; url: string }, padding = '16px 24px 20px', orOpen = 'Or open this link:'): string {
  const href = escapeHtml(action.url);
  return `<tr><td align="center" style="padding:${padding}">
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 auto"><tr><td align="center" style="border-radius:8px;background:${BUTTON}">
<a href="${href}" style="display:inline-block;padding:14px 28px;font-size:16px;line-height:20px;font-weight:700;color:#ffffff;text-decoration:none;border-radius:8px">${escapeHtml(action.label)}</a>
</td></tr></table>
<p style="margin:12px 0 0;font-size:12px;line-height:18px;color:${MUTED};word-break:break-all">${escapeHtml(orOpen)} <a href="${href}" style="color:${BUTTON}">${escapeHtml(action.url)}</a></p>
</td></tr>
`;
}

/** The shaded box of short notes (policies, what to do if it was not you). */
export const notesBox = (notes: string[], padding: string) => `<tr><td style="padding:${padding}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td style="background:${PAPER};border-radius:8px;padding:12px 16px;font-size:14px;line-height:21px;color:#33403a">
${notes.map((line) => `<p style="margin:4px 0">${escapeHtml(line)}</p>`).join('\n')}
</td></tr></table>
</td></tr>
`;

/**
 * The whole HTML e-mail around `rows` (table rows of the column): head, preheader, header with the
 * heading, and the footer line; `lang` is the language it is written in (English when not given).
 */
export function mailPage(letter: { subject: string; preheader: string; heading: string; lang?: string }, rows: string, footer: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(letter.lang ?? 'en')}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light only"><title>${escapeHtml(letter.subject)}</title></head>
<body style="margin:0;padding:0;background:#e9efe7;${FONT}">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;color:transparent">${escapeHtml(letter.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#e9efe7"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background:#ffffff;border:1px solid #d5dfd2;border-radius:12px;border-collapse:separate;overflow:hidden;${FONT};color:${INK}">
<tr><td style="background:${FOREST};padding:20px 24px;color:#ffffff">
<div style="font-size:13px;line-height:18px;letter-spacing:1px;text-transform:uppercase;color:#cfe3d4">${escapeHtml(RESORT_NAME)}</div>
<h1 style="margin:6px 0 0;font-size:22px;line-height:28px;font-weight:700;color:#ffffff">${escapeHtml(letter.heading)}</h1>
</td></tr>
${rows}<tr><td style="background:${PAPER};padding:14px 24px;font-size:12px;line-height:18px;color:${MUTED}">
${footer}
</td></tr>
</table>
</td></tr></table>
</body></html>
`;
}
