import { cottagePriceOf, cottagePricingSchema } from '../../../shared/admin-catalogue-cottages.ts';
import { fields, idField } from '../../../shared/validation.ts';
import { setCottagePrice } from '../../lib/catalogue/cottage-admin.ts';
import { httpRoute } from '../../lib/http/signed-in-route.ts';

/** PATCH /api/cottages/{id}/pricing (manager) `{price_per_night}` or `{base_price}`: the nightly price of the unit's kind of stay. */
export const handler = httpRoute(
  'set-cottage-pricing',
  { params: fields({ id: idField('id') }), body: cottagePricingSchema },
  async ({ params, body, principal }) => setCottagePrice(params.id, cottagePriceOf(body), principal),
);
