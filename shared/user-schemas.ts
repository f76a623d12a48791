import * as z from 'zod/mini';
import { textField } from './text.ts';
import { userRoles } from './users.ts';
import { email, isoTimestamp, maxLength, minLength } from './validation.ts';

/*
 * Every call that builds a schema here is marked `@__PURE__` (each one: the outer call and those
 * in its arguments), so a bundle carries only the schemas it uses of this module.
 */

export const userRoleSchema = /* @__PURE__ */ z.enum(userRoles);

/** An account's state: only an active account can sign in or use its tokens (docs/product.md#users-tab). */
export const userStatuses = ['active', 'inactive', 'pending', 'suspended'] as const;
export type UserStatus = (typeof userStatuses)[number];

/** A user as the API shows it: never with a password hash (nor its token version). */
export const publicUserSchema = /* @__PURE__ */ z.object({
  id: /* @__PURE__ */ z.string().check(/* @__PURE__ */ minLength(1)),
  name: /* @__PURE__ */ z.string().check(/* @__PURE__ */ minLength(1), /* @__PURE__ */ maxLength(120)),
  email: /* @__PURE__ */ z.string().check(/* @__PURE__ */ email()),
  phone: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string().check(/* @__PURE__ */ maxLength(20))),
  role: userRoleSchema,
  status: /* @__PURE__ */ z.enum(userStatuses),
  /** Staff accounts: the team they work in (front desk, housekeeping, ...). */
  department: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string().check(/* @__PURE__ */ maxLength(60))),
  /** When the account last signed in (ISO), if ever. */
  last_login: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string().check(/* @__PURE__ */ isoTimestamp())),
  createdAt: /* @__PURE__ */ z.string().check(/* @__PURE__ */ isoTimestamp()),
  updatedAt: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string().check(/* @__PURE__ */ isoTimestamp())),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** An account's display name as a request gives it: sanitised like all free text, 1-120 characters. */
export const accountNameSchema = /* @__PURE__ */ textField('Name', 120, { required: 'Name is required' });
