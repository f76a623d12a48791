import { listPricingRules } from '../../../lib/db/pricing-rules.ts';
import { httpRoute } from '../../../lib/http/signed-in-route.ts';

/** GET /api/admin/pricing (manager): every pricing rule, by service then start date (a resort has tens of them, not thousands). */
export const handler = httpRoute('list-pricing-rules', {}, async () =>
  (await listPricingRules()).sort(
    (a, b) => a.service_name.localeCompare(b.service_name) || a.valid_from.localeCompare(b.valid_from) || a.id.localeCompare(b.id),
  ),
);
