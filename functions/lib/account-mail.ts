import { RESORT_NAME, resortClock } from '../../shared/booking-mail.ts';
import type { Mail } from './mail.ts';
import { escapeHtml, mailButton, mailPage, notesBox } from './mail-frame.ts';

/**
 * The e-mails of a guest's sign-up, sent by the stream consumer from the sign-up's item
 * (functions/lib/db/signups.ts): the activation link of a new account, or, when the address has an
 * account already, a note to its owner (the sign-up's answer is the same either way, so only the
 * mailbox's owner learns which).
 */
export type AccountMailOrder =
  { kind: 'activate'; to: string; name: string; signupId: string; expiresAt: string } | { kind: 'signup-taken'; to: string; name: string };

export type AccountMailLinks = { activateUrl?: string; signInUrl: string };

type Letter = { subject: string; heading: string; preheader: string; paragraphs: string[]; action: { label: string; url: string }; notes: string[] };

function letterFor(order: AccountMailOrder, links: AccountMailLinks): Letter {
  if (order.kind === 'activate') {
    if (!links.activateUrl) throw new Error('The activation e-mail needs its link');
    const until = `${resortClock(Date.parse(order.expiresAt))} (India time)`;
    return {
      subject: `Activate your ${RESORT_NAME} account`,
      heading: 'Activate your account',
      preheader: `Open the link before ${until} to activate your account.`,
      paragraphs: [
        `Dear ${order.name}, thank you for creating an account with ${RESORT_NAME}.`,
        `Please open the link below before ${until} to activate your account. You will be signed in straight away.`,
      ],
      action: { label: 'Activate your account', url: links.activateUrl },
      notes: [
        'Link expired? Register again with the same e-mail address and we will send you a new one.',
        'Did not ask for an account? Do not open the link: nothing is activated without it, and you can ignore this e-mail.',
      ],
    };
  }
  return {
    subject: `Someone tried to sign up with your e-mail at ${RESORT_NAME}`,
    heading: 'You already have an account',
    preheader: 'Nothing about your account has changed.',
    paragraphs: [
      `Dear ${order.name}, someone (perhaps you) just tried to create a new ${RESORT_NAME} account with this e-mail address.`,
      'This address already has an account, so no new one was made and nothing about your account has changed.',
    ],
    action: { label: 'Sign in', url: links.signInUrl },
    notes: [
      'Forgotten your password? Contact the resort: our staff will set a new one for you.',
      'If it was not you, there is nothing to do: your password has not changed.',
    ],
  };
}

function renderText(letter: Letter, to: string): string {
  return [
    `${RESORT_NAME}: ${letter.heading}`,
    '',
    ...letter.paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${letter.action.label}: ${letter.action.url}`,
    '',
    ...letter.notes,
    '',
    `Sent to ${to} by ${RESORT_NAME}.`,
  ].join('\n');
}

function renderHtml(letter: Letter, to: string): string {
  const body = `<tr><td style="padding:20px 24px 0;font-size:16px;line-height:24px">
${letter.paragraphs.map((paragraph) => `<p style="margin:0 0 12px">${escapeHtml(paragraph)}</p>`).join('\n')}
</td></tr>
${mailButton(letter.action, '8px 24px 20px')}${notesBox(letter.notes, '0 24px 20px')}`;
  return mailPage(letter, body, `Sent to ${escapeHtml(to)} by ${escapeHtml(RESORT_NAME)}.`);
}

/** A sign-up's e-mail: text and HTML parts, the link as a button. Links go into an href: only web addresses may. */
export function accountMail(order: AccountMailOrder, links: AccountMailLinks): Mail {
  for (const url of [links.activateUrl, links.signInUrl]) {
    if (url !== undefined && !/^https?:\/\/[^\s"<>]+$/.test(url)) throw new Error('An account e-mail needs http(s) links');
  }
  const letter = letterFor(order, links);
  return { to: order.to, subject: letter.subject, text: renderText(letter, order.to), html: renderHtml(letter, order.to) };
}
