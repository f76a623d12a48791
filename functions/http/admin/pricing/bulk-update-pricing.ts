import * as z from 'zod/mini';
import { applyRuleChanges, pricingRuleChangesSchema, ruleProblems } from '../../../../shared/admin-pricing.ts';
import { idField, MAX_ID_LENGTH, maxLength, minLength } from '../../../../shared/validation.ts';
import { appliesToProblem, targetChanged } from '../../../lib/catalogue/pricing-targets.ts';
import { auditWrite } from '../../../lib/db/audit.ts';
import { getPricingRule, replacePricingRuleWrite } from '../../../lib/db/pricing-rule-writes.ts';
import { transact, TransactionRefused } from '../../../lib/db/transactions.ts';
import { HttpError, badRequest } from '../../../lib/http/errors.ts';
import { httpRoute } from '../../../lib/http/signed-in-route.ts';

/** How many rules one bulk update may change (all in one transaction, with an audit entry each). */
const MAX_BULK_UPDATES = 25;

const ruleId = idField('id', MAX_ID_LENGTH, 'Each update needs the id of its rule');

/** `{updates: [{id, ...changes}]}`, all applied in one transaction or none (each update's changes as PUT /api/admin/pricing/{id} takes them). */
const bodySchema = z.object({
  updates: z.array(z.object({ id: ruleId, ...pricingRuleChangesSchema.shape }), 'updates is a list of {id, ...changes}').check(
    minLength(1, 'Send at least one update'),
    maxLength(MAX_BULK_UPDATES, `At most ${MAX_BULK_UPDATES} updates at once`),
    z.refine((updates) => new Set(updates.map((update) => update.id)).size === updates.length, 'Each rule may appear once in a bulk update'),
  ),
});

/**
 * POST /api/admin/pricing/bulk-update (manager) `{updates: [{id, ...changes}]}`: at most
 * MAX_BULK_UPDATES (25) rules, each checked whole, written in ONE transaction with an audit entry
 * each: all of them or none. Problems are reported per update (`updates.2.discount_percentage`).
 */
export const handler = httpRoute('bulk-update-pricing', { body: bodySchema }, async ({ body, principal }) => {
  const rules = await Promise.all(body.updates.map((update) => getPricingRule(update.id)));
  const missing = body.updates.flatMap((update, index) => (rules[index] ? [] : [index]));
  if (missing.length) {
    const details = Object.fromEntries(missing.map((index) => [`updates.${index}.id`, ['Pricing rule not found']]));
    throw new HttpError(404, `Pricing rule not found: ${missing.map((index) => body.updates[index]?.id).join(', ')}. Nothing was changed.`, details);
  }
  const now = new Date().toISOString();
  const details: Record<string, string[]> = {};
  const changed = await Promise.all(
    body.updates.map(async (update, index) => {
      const before = rules[index]!;
      const { id: _id, ...changes } = update;
      const after = { ...applyRuleChanges(before, changes), updated_at: now };
      const problems = ruleProblems(after);
      const unknownTarget = problems.applies_to || !targetChanged(before, after) ? undefined : await appliesToProblem(after);
      if (unknownTarget) problems.applies_to = [unknownTarget];
      return { before, after, problems };
    }),
  );
  changed.forEach(({ problems }, index) => {
    for (const [field, messages] of Object.entries(problems)) details[`updates.${index}.${field}`] = messages;
  });
  if (Object.keys(details).length) throw badRequest(`${Object.values(details)[0]?.[0] ?? 'Invalid update'}. Nothing was changed.`, details);
  try {
    await transact(
      changed.flatMap(({ before, after }) => [
        replacePricingRuleWrite(after, before),
        auditWrite({
          actor: principal,
          action: 'pricing-rule.update',
          subject: { entity: 'pricing-rule', id: after.id, label: after.service_name },
          before,
          after,
          note: `Bulk update of ${changed.length} rule${changed.length === 1 ? '' : 's'}`,
          at: now,
        }),
      ]),
    );
  } catch (error) {
    if (!(error instanceof TransactionRefused)) throw error;
    const rule = changed[Math.floor((error.failed[0] ?? 0) / 2)]?.after;
    const gone = rule && !(await getPricingRule(rule.id));
    throw new HttpError(
      gone ? 404 : 409,
      gone
        ? `Pricing rule not found: ${rule.id}. Nothing was changed.`
        : `Pricing rule '${rule?.service_name ?? ''}' was changed by someone else meanwhile. Nothing was changed: please reload and try again.`,
    );
  }
  return { updated: changed.map(({ after }) => after), limit: MAX_BULK_UPDATES };
});
