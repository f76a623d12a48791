import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';

const sesMock = mockClient(SESv2Client);
const mail = { to: 'guest@example.in', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' };

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
  vi.restoreAllMocks();
  sesMock.reset();
});

describe('mail on AWS', () => {
  it('logs and reports an SES failure instead of failing the booking it belongs to', async () => {
    vi.stubEnv('MAIL_FROM', 'bookings@resort.in');
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    sesMock.on(SendEmailCommand).rejects(Object.assign(new Error('Email address is not verified'), { name: 'MessageRejected' }));
    const { sendMailSafely } = await import('../../functions/lib/mail.ts');
    expect(await sendMailSafely(mail)).toBe('failed');
    expect(String(log.mock.calls[0]?.[0])).toContain('Mail not sent');
    expect(sesMock.commandCalls(SendEmailCommand)[0]?.args[0].input).toMatchObject({ FromEmailAddress: 'bookings@resort.in', Destination: { ToAddresses: ['guest@example.in'] } });
  });

  it('says so and sends nothing when the stage has no sender', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { sendMail } = await import('../../functions/lib/mail.ts');
    expect(await sendMail(mail)).toBe('disabled');
    expect(warn).toHaveBeenCalledOnce();
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(0);
  });
});
