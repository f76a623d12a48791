import { describe, expect, it } from 'vitest';
import { activationSignupId, activationToken, activationUrl } from '../../functions/lib/account-activation.ts';
import { accountMail } from '../../functions/lib/account-mail.ts';
import { manageLinkToken } from '../../functions/lib/bookings/manage-link.ts';
import { signupMail } from '../../functions/streams/signup-events.ts';

const id = '0b7f7c1e-3d52-4c4b-9a51-2f1f2b6a7c10';

describe('the activation link', () => {
  it('names its sign-up and is signed with the e-mail link key; nothing else passes', async () => {
    const token = await activationToken(id);
    expect(token).toMatch(new RegExp(`^${id}\\.[\\w-]{32}$`));
    expect(await activationSignupId(token)).toBe(id);
    const [, mac = ''] = token.split('.');
    const other = '9d3a1c55-0c1e-4a8e-8d3b-6b1e1e1f0a22';
    for (const forged of [`${other}.${mac}`, `${id}.${mac.slice(0, -1)}x`, `${id}.`, id, `${id}.${mac}.extra`, 'not-a-uuid.abc']) {
      expect(await activationSignupId(forged), forged).toBeUndefined();
    }
    // A booking's manage link for the same id is a different signature: one kind of link never stands for another.
    expect((await manageLinkToken(id)).split('.')[1]).not.toBe(mac);
    expect(activationUrl('https://stay.example.in/', token)).toBe(`https://stay.example.in/account/activate?token=${encodeURIComponent(token)}`);
  });
});

describe('the sign-up e-mails', () => {
  it('derives one mail from a new sign-up item, none from its deletion, and refuses a damaged one', () => {
    const after = { id, kind: 'activate', email: 'meera@example.in', name: 'Meera', activation_expires_at: '2030-01-03T08:30:00.000Z' };
    expect(signupMail({ eventName: 'INSERT', after })).toEqual({
      kind: 'activate',
      to: 'meera@example.in',
      name: 'Meera',
      signupId: id,
      expiresAt: '2030-01-03T08:30:00.000Z',
    });
    expect(signupMail({ eventName: 'INSERT', after: { ...after, kind: 'taken' } })).toEqual({ kind: 'signup-taken', to: 'meera@example.in', name: 'Meera' });
    expect(signupMail({ eventName: 'REMOVE', before: after })).toBeUndefined();
    expect(() => signupMail({ eventName: 'INSERT', after: { ...after, email: undefined } })).toThrow('no e-mail');
    expect(() => signupMail({ eventName: 'INSERT', after: { ...after, kind: 'other' } })).toThrow('no known kind');
  });

  it('puts the activation link in a button and the text, with its deadline in resort time, and escapes the guest’s name', () => {
    const mail = accountMail(
      { kind: 'activate', to: 'meera@example.in', name: '<b>Meera</b>', signupId: id, expiresAt: '2030-01-03T08:30:00.000Z' },
      { activateUrl: 'http://localhost:3000/account/activate?token=a.b', signInUrl: 'http://localhost:3000/account/sign-in' },
    );
    expect(mail).toMatchObject({ to: 'meera@example.in', subject: 'Activate your Forest Resort account' });
    expect(mail.text).toContain('Activate your account: http://localhost:3000/account/activate?token=a.b');
    expect(mail.text).toContain('before 2:00 pm on Thursday, 3 January 2030 (India time)');
    expect(mail.html).toContain('href="http://localhost:3000/account/activate?token=a.b"');
    expect(mail.html).toContain('&lt;b&gt;Meera&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Meera</b>');
  });

  it('tells the owner of a taken address that nothing changed, with the way to sign in; links must be web addresses', () => {
    const mail = accountMail({ kind: 'signup-taken', to: 'owner@example.in', name: 'Owner' }, { signInUrl: 'https://stay.example.in/account/sign-in' });
    expect(mail.subject).toBe('Someone tried to sign up with your e-mail at Forest Resort');
    expect(mail.text).toContain('nothing about your account has changed');
    expect(mail.text).toContain('Sign in: https://stay.example.in/account/sign-in');
    expect(() => accountMail({ kind: 'signup-taken', to: 'o@example.in', name: 'O' }, { signInUrl: 'javascript:alert(1)' })).toThrow('http(s) links');
    expect(() =>
      accountMail({ kind: 'activate', to: 'o@example.in', name: 'O', signupId: id, expiresAt: '2030-01-03T08:30:00.000Z' }, { signInUrl: 'https://x.in/' }),
    ).toThrow('needs its link');
  });
});
