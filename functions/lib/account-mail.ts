import { RESORT_NAME, resortClock } from '../../shared/booking-mail.ts';
import { mailWords, type MailWords } from '../../shared/mail-messages/index.ts';
import type { Mail } from './mail.ts';
import { escapeHtml, mailButton, mailPage, notesBox } from './mail-frame.ts';

/**
 * The e-mails of a guest's sign-up, sent by the stream consumer from the sign-up's item
 * (functions/lib/db/signups.ts): the activation link of a new account, or, when the address has an
 * account already, a note to its owner (the sign-up's answer is the same either way, so only the
 * mailbox's owner learns which). Each in the language the sign-up was made in (English without one).
 */
export type AccountMailOrder = (
  { kind: 'activate'; to: string; name: string; signupId: string; expiresAt: string } | { kind: 'signup-taken'; to: string; name: string }
) & { language?: string | undefined };

export type AccountMailLinks = { activateUrl?: string; signInUrl: string };

type Letter = {
  subject: string;
  heading: string;
  preheader: string;
  paragraphs: string[];
  action: { label: string; url: string };
  notes: string[];
  words: MailWords;
};

function letterFor(order: AccountMailOrder, links: AccountMailLinks): Letter {
  const words = mailWords(order.language);
  const { say } = words;
  const resort = RESORT_NAME;
  if (order.kind === 'activate') {
    if (!links.activateUrl) throw new Error('The activation e-mail needs its link');
    const until = say('{instant} (India time)', { instant: resortClock(Date.parse(order.expiresAt), words) });
    return {
      subject: say('Activate your {resort} account', { resort }),
      heading: say('Activate your account'),
      preheader: say('Open the link before {until} to activate your account.', { until }),
      paragraphs: [
        say('Dear {name}, thank you for creating an account with {resort}.', { name: order.name, resort }),
        say('Please open the link below before {until} to activate your account. You will be signed in straight away.', { until }),
      ],
      action: { label: say('Activate your account'), url: links.activateUrl },
      notes: [
        say('Link expired? Register again with the same e-mail address and we will send you a new one.'),
        say('Did not ask for an account? Do not open the link: nothing is activated without it, and you can ignore this e-mail.'),
      ],
      words,
    };
  }
  return {
    subject: say('Someone tried to sign up with your e-mail at {resort}', { resort }),
    heading: say('You already have an account'),
    preheader: say('Nothing about your account has changed.'),
    paragraphs: [
      say('Dear {name}, someone (perhaps you) just tried to create a new {resort} account with this e-mail address.', { name: order.name, resort }),
      say('This address already has an account, so no new one was made and nothing about your account has changed.'),
    ],
    action: { label: say('Sign in'), url: links.signInUrl },
    notes: [
      say('Forgotten your password? Contact the resort: our staff will set a new one for you.'),
      say('If it was not you, there is nothing to do: your password has not changed.'),
    ],
    words,
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
    letter.words.say('Sent to {to} by {resort}.', { to, resort: RESORT_NAME }),
  ].join('\n');
}

function renderHtml(letter: Letter, to: string): string {
  const body = `<tr><td style="padding:20px 24px 0;font-size:16px;line-height:24px">
${letter.paragraphs.map((paragraph) => `<p style="margin:0 0 12px">${escapeHtml(paragraph)}</p>`).join('\n')}
</td></tr>
${mailButton(letter.action, '8px 24px 20px', letter.words.say('Or open this link:'))}${notesBox(letter.notes, '0 24px 20px')}`;
  return mailPage({ ...letter, lang: letter.words.language }, body, escapeHtml(letter.words.say('Sent to {to} by {resort}.', { to, resort: RESORT_NAME })));
}

/** A sign-up's e-mail: text and HTML parts, the link as a button. Links go into an href: only web addresses may. */
export function accountMail(order: AccountMailOrder, links: AccountMailLinks): Mail {
  for (const url of [links.activateUrl, links.signInUrl]) {
    if (url !== undefined && !/^https?:\/\/[^\s"<>]+$/.test(url)) throw new Error('An account e-mail needs http(s) links');
  }
  const letter = letterFor(order, links);
  return { to: order.to, subject: letter.subject, text: renderText(letter, order.to), html: renderHtml(letter, order.to) };
}
