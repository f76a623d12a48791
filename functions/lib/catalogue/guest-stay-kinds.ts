import type { Cottage } from '../../../shared/catalogue.ts';
import { isBookableCottage } from '../listing-rules.ts';

/**
 * Guests choose a villa type, not a unit: GET /api/cottages shows each type once, as the unit the
 * type's quotes and bookings are made from (its first bookable unit by id, as resolveUnits orders
 * them). A type with no bookable unit left is not shown; a new unit of a type adds to its
 * availability, not a second card.
 */
export function oneUnitPerKind(units: readonly Cottage[]): Cottage[] {
  const byType = new Map<string, Cottage>();
  for (const unit of units.filter(isBookableCottage).sort((a, b) => a.id.localeCompare(b.id))) if (!byType.has(unit.type)) byType.set(unit.type, unit);
  return [...byType.values()];
}
