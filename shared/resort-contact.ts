import * as z from 'zod/mini';
import { email } from './validation.ts';

/**
 * How guests reach the resort (docs/product.md#site-shell): every guest page's footer, the payment
 * failure dialog and the manage page show it. Each stage sets its own (CDK context `contactPhone`,
 * `contactEmail`); it reaches the SPA in /config.json.
 */
export const resortContactSchema = /* @__PURE__ */ z.object({
  phone: /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.regex(/^\+?[0-9][0-9 ()-]{5,24}$/, 'A phone number, like +91 80 4000 1234')),
  email: /* @__PURE__ */ z.string().check(/* @__PURE__ */ email()),
});
export type ResortContact = z.infer<typeof resortContactSchema>;

/** The sample resort's front desk: what a stage shows until it sets its own. */
export const DEFAULT_RESORT_CONTACT: ResortContact = { phone: '+91 80 4000 1234', email: 'stay@forest-resort.in' };

/** The phone number as a `tel:` link (digits and a leading +). */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^+0-9]/g, '')}`;
