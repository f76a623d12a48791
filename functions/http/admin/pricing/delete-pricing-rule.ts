import { fields, idField } from '../../../../shared/validation.ts';
import { auditWrite } from '../../../lib/db/audit.ts';
import { deletePricingRuleWrite, getPricingRule } from '../../../lib/db/pricing-rule-writes.ts';
import { transact, TransactionRefused } from '../../../lib/db/transactions.ts';
import { notFound } from '../../../lib/http/errors.ts';
import { httpRoute } from '../../../lib/http/signed-in-route.ts';

/** DELETE /api/admin/pricing/{id} (manager): removes a rule (quotes stop applying it at once), with its audit entry. */
export const handler = httpRoute('delete-pricing-rule', { params: fields({ id: idField('id') }) }, async ({ params, principal }) => {
  const before = await getPricingRule(params.id);
  if (!before) throw notFound('Pricing rule not found');
  try {
    await transact([
      deletePricingRuleWrite(params.id),
      auditWrite({ actor: principal, action: 'pricing-rule.delete', subject: { entity: 'pricing-rule', id: before.id, label: before.service_name }, before }),
    ]);
  } catch (error) {
    if (error instanceof TransactionRefused) throw notFound('Pricing rule not found');
    throw error;
  }
  return { id: params.id, deleted: true };
});
