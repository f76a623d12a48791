import * as z from 'zod/mini';
import { DEFAULT_DISPLAY_CURRENCIES, displayCurrenciesSchema, type DisplayCurrencies } from '../shared/display-currency.ts';
import { DEFAULT_RESORT_CONTACT, resortContactSchema } from '../shared/resort-contact.ts';
import { email, minLength } from '../shared/validation.ts';

/**
 * Everything that differs between stages, in one typed place. Secrets are not here: they live in
 * Secrets Manager and the functions read them at cold start.
 */
/** A whole number of at least `min`. */
const atLeast = (min: number) => z.number().check(z.refine(Number.isInteger, 'Must be a whole number'), z.gte(min));

const stageConfigSchema = z.object({
  name: z.string().check(z.regex(/^[a-z][a-z0-9-]{1,20}$/, 'Stage names are 2-21 lower-case letters, digits and dashes')),
  /** prod keeps its data when the stack is deleted and refuses to delete the table. */
  retainData: z.boolean(),
  logRetentionDays: z.literal([7, 30, 90, 365]),
  domain: z.optional(z.object({ name: z.string().check(minLength(3)), certificateArn: z.string().check(z.startsWith('arn:aws:acm:us-east-1:')) })),
  emailSender: z.optional(z.string().check(email())),
  /** The front desk's address: staff e-mail (a channel's conflicting stays) goes there. */
  staffEmail: z.optional(z.string().check(email())),
  razorpayKeyId: z.optional(z.string().check(z.regex(/^rzp_(test|live)_\w+$/))),
  /** Where alarm notifications go (an SNS e-mail subscription, confirmed from the first message). */
  alarmEmail: z.optional(z.string().check(email())),
  /** Account-wide alarms (Lambda throttles): on one stage per account only, or every stage pages at once. */
  accountAlarms: z.boolean(),
  /** The sender's SES domain identity is account-wide: create it in one stage, import it in the others. */
  emailIdentity: z._default(z.enum(['create', 'import']), 'create'),
  /**
   * Currencies guests may see approximate prices in, code -> rupees per unit (USD: 84 is $1 = ₹84),
   * carried to the SPA in /config.json. Display only: INR is what is quoted and charged.
   */
  displayCurrencies: displayCurrenciesSchema,
  /** The resort's phone and e-mail guests see on every page (the sample resort's unless the stage sets them). */
  contact: z._default(resortContactSchema, DEFAULT_RESORT_CONTACT),
  /**
   * A WAF web ACL in front of CloudFront (infra/edge-stack.ts): requests per client address in any
   * 5 minutes to sign-in (`/api/auth*`) and to booking creation (`POST /api/bookings`) before WAF
   * blocks that address. Prod only: its monthly fee is above a quiet month's whole bill.
   */
  webAcl: z.optional(z.object({ authRequestsPer5Min: atLeast(10), bookingRequestsPer5Min: atLeast(10) })),
  /**
   * The stage's own numbers for what one guest (e-mail, phone or client address) may leave unpaid
   * and how often one address may sign up (README, "What one guest may leave unpaid"); the
   * product's defaults where absent. Carried to the functions as OPEN_HOLD_LIMIT, UNPAID_STAY_LIMIT,
   * UNPAID_NIGHT_LIMIT and SIGNUP_LIMIT.
   */
  guestLimits: z.optional(
    z.object({
      openHolds: z.optional(atLeast(1)),
      unpaidStays: z.optional(atLeast(1)),
      unpaidNights: z.optional(atLeast(1)),
      signUpsPerHour: z.optional(atLeast(1)),
    }),
  ),
});

/** The functions' environment for a stage's guest limits (functions/lib/db/unpaid-owners.ts, functions/lib/db/signups.ts). */
export function guestLimitEnvironment(limits: StageConfig['guestLimits']): Record<string, string> {
  const names = { openHolds: 'OPEN_HOLD_LIMIT', unpaidStays: 'UNPAID_STAY_LIMIT', unpaidNights: 'UNPAID_NIGHT_LIMIT', signUpsPerHour: 'SIGNUP_LIMIT' } as const;
  return Object.fromEntries(
    Object.entries(names).flatMap(([key, variable]) => {
      const value = limits?.[key as keyof typeof names];
      return value === undefined ? [] : [[variable, String(value)]];
    }),
  );
}

export type StageConfig = z.infer<typeof stageConfigSchema>;

const knownStages: Record<string, Pick<StageConfig, 'retainData' | 'logRetentionDays' | 'accountAlarms' | 'displayCurrencies' | 'webAcl'>> = {
  prod: {
    retainData: true,
    logRetentionDays: 90,
    accountAlarms: true,
    displayCurrencies: DEFAULT_DISPLAY_CURRENCIES,
    webAcl: { authRequestsPer5Min: 100, bookingRequestsPer5Min: 300 },
  },
  staging: { retainData: false, logRetentionDays: 30, accountAlarms: false, displayCurrencies: DEFAULT_DISPLAY_CURRENCIES },
  dev: { retainData: false, logRetentionDays: 7, accountAlarms: false, displayCurrencies: DEFAULT_DISPLAY_CURRENCIES },
};

/** `-c stage=<name>`: prod and staging have their settings; any other name is a disposable dev stage. */
export function stageConfig(name: string, overrides: Partial<Omit<StageConfig, 'name'>> = {}): StageConfig {
  return z.parse(stageConfigSchema, { name, ...(knownStages[name] ?? knownStages.dev), ...overrides });
}

/** `-c displayCurrencies=USD=84,EUR=91.5`: the stage's own rates, rupees per unit (checked by the stage schema). */
function parseRates(text: string): DisplayCurrencies {
  return Object.fromEntries(
    text.split(',').map((pair) => {
      const [code = '', rate = ''] = pair.split('=');
      return [code.trim().toUpperCase(), Number(rate)];
    }),
  );
}

/** `-c guestLimits=openHolds=3,unpaidStays=4,unpaidNights=45,signUpsPerHour=10` (any of them; checked by the stage schema). */
function parseGuestLimits(text: string): Record<string, number> {
  return Object.fromEntries(
    text.split(',').map((pair) => {
      const [name = '', value = ''] = pair.split('=');
      return [name.trim(), Number(value)];
    }),
  );
}

/**
 * Per-deployment values that are not secrets come from CDK context, e.g.
 * `-c stage=prod -c domainName=stay.example.in -c certificateArn=arn:aws:acm:us-east-1:... -c alarmEmail=ops@example.in -c staffEmail=frontdesk@example.in -c razorpayKeyId=rzp_live_...`
 * (`-c emailIdentity=import` where another stage of the account already created the sender's identity;
 * `-c displayCurrencies=USD=84,EUR=91` for other display rates than the default ones;
 * `-c contactPhone="+91 80 4000 1234" -c contactEmail=stay@example.in` for the phone and e-mail guests see).
 */
export function stageConfigFromContext(read: (key: string) => unknown): StageConfig {
  const text = (key: string) => {
    const value = read(key);
    return typeof value === 'string' && value.length > 0 ? value : undefined;
  };
  const domainName = text('domainName');
  const certificateArn = text('certificateArn');
  if (Boolean(domainName) !== Boolean(certificateArn)) throw new Error('domainName and certificateArn go together (the certificate must be in us-east-1)');
  const optional = {
    ...(domainName && certificateArn ? { domain: { name: domainName, certificateArn } } : {}),
    ...(text('emailSender') ? { emailSender: text('emailSender') } : {}),
    ...(text('staffEmail') ? { staffEmail: text('staffEmail') } : {}),
    ...(text('razorpayKeyId') ? { razorpayKeyId: text('razorpayKeyId') } : {}),
    ...(text('alarmEmail') ? { alarmEmail: text('alarmEmail') } : {}),
    ...(text('emailIdentity') ? { emailIdentity: text('emailIdentity') as 'create' | 'import' } : {}),
    ...(text('displayCurrencies') ? { displayCurrencies: parseRates(text('displayCurrencies') ?? '') } : {}),
    ...(text('guestLimits') ? { guestLimits: parseGuestLimits(text('guestLimits') ?? '') } : {}),
    ...(text('contactPhone') || text('contactEmail')
      ? { contact: { phone: text('contactPhone') ?? DEFAULT_RESORT_CONTACT.phone, email: text('contactEmail') ?? DEFAULT_RESORT_CONTACT.email } }
      : {}),
  };
  return stageConfig(text('stage') ?? 'dev', optional);
}

/**
 * The application log level of a stage's functions (Lambda drops lines below it): INFO on prod and
 * staging, DEBUG on the disposable dev stages.
 */
export const functionLogLevel = (stageName: string): 'INFO' | 'DEBUG' => (stageName === 'prod' || stageName === 'staging' ? 'INFO' : 'DEBUG');
