import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { HOLDING, sleep, type Item } from './settings.ts';

/* The outbox: what the stream consumer sent, and what each booking's history calls for. */

/** The newest outbox message written after `since` (epoch ms): the stream consumer is delivering again. */
export async function firstMailAfter(outbox: string, since: number, timeoutMs: number): Promise<number | undefined> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const times = existsSync(outbox)
      ? readdirSync(outbox)
          .filter((file) => file.endsWith('.json'))
          .map((file) => statSync(join(outbox, file)).mtimeMs)
          .filter((time) => time > since)
      : [];
    if (times.length) return Math.min(...times);
    await sleep(100);
  }
  return undefined;
}

/** The confirm proof in a booking's *please confirm* e-mail (`...&confirm=<token>`), once the stream consumer has sent it. */
export async function confirmLinkOf(outbox: string, reference: string, timeoutMs: number): Promise<string | undefined> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = existsSync(outbox) ? readdirSync(outbox).filter((file) => file.endsWith('.json')) : [];
    for (const file of files) {
      let mail: { subject?: string; text?: string };
      try {
        mail = JSON.parse(readFileSync(join(outbox, file), 'utf8')) as typeof mail;
      } catch {
        continue; // being written
      }
      if (!mail.subject?.startsWith(`Please confirm your booking ${reference} `)) continue;
      const token = /[?&]confirm=([^&\s"'<>]+)/.exec(mail.text ?? '')?.[1];
      if (token) return decodeURIComponent(token);
    }
    await sleep(500);
  }
  return undefined;
}

export type Mail = { file: string; kind: string; reference: string | undefined; to: string | undefined; writtenAt: number };

const MAIL_KINDS: Array<[string, RegExp]> = [
  ['confirmation', /^Your stay at .*: booking (VM[0-9A-Z]+)$/],
  ['confirm-request', /^Please confirm your booking (VM[0-9A-Z]+) at /],
  ['cancellation', /^Booking (VM[0-9A-Z]+) cancelled$/],
  ['refund', /^Refund of .* for booking (VM[0-9A-Z]+)$/],
  ['late-payment-refunded', /^Payment refunded: booking (VM[0-9A-Z]+) could not be kept$/],
];

/** The outbox: `<time>-<id>.json` per message (functions/lib/mail.ts); a file cut short by a kill is `torn`. */
export function readOutbox(outbox: string): { mails: Mail[]; torn: string[] } {
  const mails: Mail[] = [];
  const torn: string[] = [];
  if (!existsSync(outbox)) return { mails, torn };
  for (const file of readdirSync(outbox).filter((name) => name.endsWith('.json'))) {
    let message: { subject?: string; to?: string };
    try {
      message = JSON.parse(readFileSync(join(outbox, file), 'utf8')) as { subject?: string; to?: string };
    } catch {
      torn.push(file);
      continue;
    }
    const subject = String(message.subject ?? '');
    const matched = MAIL_KINDS.map(([kind, pattern]) => [kind, pattern.exec(subject)?.[1]] as const).find(([, reference]) => reference);
    mails.push({
      file,
      kind: matched?.[0] ?? 'other',
      reference: matched?.[1] ?? /\b(VM[0-9A-Z]{6,})\b/.exec(subject)?.[1],
      to: message.to,
      writtenAt: statSync(join(outbox, file)).mtimeMs,
    });
  }
  return { mails, torn };
}

/** What a booking's history calls for in the outbox, by kind. */
export function expectedMail(booking: Item): Record<string, number> {
  const everConfirmed = HOLDING.includes(booking.status) || (booking.status === 'cancelled' && booking.paid_at !== undefined);
  return {
    confirmation: everConfirmed ? 1 : 0,
    'confirm-request': booking.payment_method === 'offline' ? 1 : 0,
    cancellation: booking.status === 'cancelled' ? 1 : 0,
    refund: booking.refund_id && booking.refund_status === 'processed' && booking.late_payment_refunded === undefined ? 1 : 0,
    'late-payment-refunded': booking.late_payment_refunded !== undefined && booking.payment_status === 'refunded' ? 1 : 0,
  };
}

/** Mail that differs from what the table calls for: [reference, kind, expected, found]. */
export function mailDifferences(items: Item[], mails: Mail[]): Array<{ reference: string; kind: string; expected: number; found: number }> {
  const found = new Map<string, number>();
  for (const mail of mails) found.set(`${mail.reference}|${mail.kind}`, (found.get(`${mail.reference}|${mail.kind}`) ?? 0) + 1);
  const differences: Array<{ reference: string; kind: string; expected: number; found: number }> = [];
  for (const booking of items.filter((item) => item.entity === 'booking')) {
    for (const [kind, expected] of Object.entries(expectedMail(booking))) {
      const actual = found.get(`${booking.booking_reference}|${kind}`) ?? 0;
      if (actual !== expected) differences.push({ reference: String(booking.booking_reference), kind, expected, found: actual });
    }
  }
  return differences;
}
