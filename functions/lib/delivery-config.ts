import * as z from 'zod/mini';
import { email, minLength } from '../../shared/validation.ts';
import { parseEnvironment, urlSchema } from './config.ts';

/**
 * What the functions that deliver (the stream consumer's e-mail and WebSocket frames) read besides
 * `config`, checked at their cold start like it; request functions never load it.
 */
const deliverySchema = z.object({
  /** The WebSocket API's management (`@connections`) endpoint. */
  WS_MANAGEMENT_ENDPOINT: z.optional(urlSchema),
  /** The verified SES sender, for mail sent on AWS. */
  MAIL_FROM: z.optional(z.string().check(email())),
  /** The site's own address, for links in e-mails (the manage-booking page). */
  SITE_URL: z.optional(urlSchema),
  /** The front desk's address: staff e-mail (a channel's conflicting stays) goes there; none is sent without it. */
  STAFF_MAIL_TO: z.optional(z.string().check(email())),
  /** Off AWS: mail is written here as files instead of being sent. */
  MAIL_OUTBOX_DIR: z.optional(z.string().check(minLength(1))),
});

export type DeliveryConfig = z.infer<typeof deliverySchema>;

export const parseDeliveryConfig = (env: NodeJS.ProcessEnv): DeliveryConfig => parseEnvironment(deliverySchema, env);

export const deliveryConfig: DeliveryConfig = parseDeliveryConfig(process.env);
