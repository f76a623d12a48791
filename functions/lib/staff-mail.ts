import { RESORT_NAME } from '../../shared/booking-mail.ts';
import { conflictHolder, type ChannelConflict } from '../../shared/channels.ts';
import type { Mail } from './mail.ts';
import { escapeHtml, mailButton, mailPage, notesBox } from './mail-frame.ts';

/**
 * The e-mail to the front desk's address (STAFF_MAIL_TO) when a channel's sync finds stays on nights
 * already sold here (docs/product.md#calendar-sync): which channel, which unit, which nights, and
 * what holds them, so that someone moves or cancels one of the two today.
 */
export type StaffMailOrder = { kind: 'channel-conflict'; channel: { name: string; cottageId: string }; conflicts: ChannelConflict[] };

export function staffMail(order: StaffMailOrder, links: { to: string; calendarUrl: string }): Mail {
  const { channel, conflicts } = order;
  const subject = `Channel conflict: ${channel.name} sold nights of ${channel.cottageId} that are taken`;
  const lines = conflicts.map((conflict) => `${conflict.nights.join(', ')}: held by ${conflictHolder(conflict.with)} (the channel's stay ${conflict.uid})`);
  const intro = `${channel.name}'s calendar has stays on nights of ${channel.cottageId} that are already taken here. Nothing was cancelled: the nights stay with what holds them. Move or cancel one of the two, in the portal or in the channel's extranet.`;
  const rows = `<tr><td style="padding:16px 24px 0;font-size:16px;line-height:24px">${escapeHtml(intro)}</td></tr>
${notesBox(lines, '16px 24px 0')}${mailButton({ label: 'Open the calendar', url: links.calendarUrl })}`;
  return {
    to: links.to,
    subject,
    text: `${intro}\n\n${lines.map((line) => `- ${line}`).join('\n')}\n\nOpen the calendar: ${links.calendarUrl}\n`,
    html: mailPage({ subject, preheader: lines[0] ?? subject, heading: 'Channel conflict' }, rows, `${RESORT_NAME} booking system`),
  };
}
