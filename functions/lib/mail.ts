import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { config } from './config.ts';
import { deliveryConfig } from './delivery-config.ts';
import { log } from './logger.ts';

export type MailAttachment = { filename: string; contentType: string; content: string };
export type Mail = { to: string; subject: string; text: string; html: string; attachments?: MailAttachment[] };
export type MailResult = 'sent' | 'outbox' | 'disabled';

/**
 * Whether a failed send was refused for good: SES's MessageRejected (the message's content or
 * recipient, e.g. an unverified address in the SES sandbox) fails the same way on every retry.
 * Throttling, 5xx, network errors and account-wide refusals (sending paused) may pass: retried.
 */
export const mailRejected = (error: unknown): boolean => error instanceof Error && error.name === 'MessageRejected';

/** One client per container, made at init; only where mail really goes through SES. */
const ses = !deliveryConfig.MAIL_OUTBOX_DIR && deliveryConfig.MAIL_FROM ? new SESv2Client({ region: config.AWS_REGION }) : undefined;

/** An attachment's name as a file name of the outbox: no directories, nothing a shell trips on. */
const outboxFileName = (filename: string) => filename.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '') || 'attachment';

/**
 * Sends through SES on AWS (MAIL_FROM, a verified identity), or writes the message to the local
 * outbox (MAIL_OUTBOX_DIR) so it can be read without any mail server: `<name>.html`, each
 * attachment as `<name>.<filename>`, and last `<name>.json` (the whole message, attachments included).
 * Neither set: not sent, said so. A send that fails throws (the stream consumer retries the record,
 * unless mailRejected says no retry will pass).
 *
 * Attachments go in SESv2's simple content (`Content.Simple.Attachments`): SES builds the MIME
 * message (multipart/mixed around the text and HTML alternatives) itself.
 */
export async function sendMail(mail: Mail): Promise<MailResult> {
  if (deliveryConfig.MAIL_OUTBOX_DIR) {
    const dir = deliveryConfig.MAIL_OUTBOX_DIR;
    await mkdir(dir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
    await writeFile(join(dir, `${name}.html`), mail.html);
    for (const attachment of mail.attachments ?? []) {
      await writeFile(join(dir, `${name}.${outboxFileName(attachment.filename)}`), attachment.content);
    }
    // The .json is what readers list (the dev inbox, the tests), so it appears last and whole:
    // written aside, then renamed into place (a rename is atomic), never read half-written.
    const json = join(dir, `${name}.json`);
    await writeFile(`${json}.part`, JSON.stringify({ from: deliveryConfig.MAIL_FROM ?? 'bookings@forest-resort.local', ...mail }, null, 2));
    await rename(`${json}.part`, json);
    return 'outbox';
  }
  if (!ses) {
    log.warn('Mail is not configured for this stage; not sent', { subject: mail.subject });
    return 'disabled';
  }
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: deliveryConfig.MAIL_FROM,
      Destination: { ToAddresses: [mail.to] },
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
          ...(mail.attachments?.length
            ? {
                Attachments: mail.attachments.map((attachment) => ({
                  FileName: attachment.filename,
                  ContentType: attachment.contentType,
                  ContentDisposition: 'ATTACHMENT' as const,
                  ContentTransferEncoding: 'BASE64' as const,
                  RawContent: new TextEncoder().encode(attachment.content),
                })),
              }
            : {}),
        },
      },
    }),
  );
  return 'sent';
}
