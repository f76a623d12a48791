import * as v from 'valibot';
import { email, fields } from '../../shared/validation.ts';
import { parseEnvironment } from './config.ts';

const url = v.pipe(
  v.string(),
  v.trim(),
  v.check((value: string) => URL.canParse(value), 'Must be a URL'),
);

/**
 * What the functions that deliver (the stream consumer's e-mail and WebSocket frames) read besides
 * `config`, checked at their cold start like it; request functions never load it.
 */
const deliverySchema = fields({
  /** The WebSocket API's management (`@connections`) endpoint. */
  WS_MANAGEMENT_ENDPOINT: v.optional(url),
  /** The verified SES sender, for mail sent on AWS. */
  MAIL_FROM: v.optional(v.pipe(v.string(), email())),
  /** The site's own address, for links in e-mails (the manage-booking page). */
  SITE_URL: v.optional(url),
  /** Off AWS: mail is written here as files instead of being sent. */
  MAIL_OUTBOX_DIR: v.optional(v.pipe(v.string(), v.minLength(1))),
});

export type DeliveryConfig = v.InferOutput<typeof deliverySchema>;

export const parseDeliveryConfig = (env: NodeJS.ProcessEnv): DeliveryConfig => parseEnvironment(deliverySchema, env);

export const deliveryConfig: DeliveryConfig = parseDeliveryConfig(process.env);
