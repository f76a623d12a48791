/* Date blocks: nights of one unit that staff take off sale (docs/product.md#date-blocks). */

/** One block's nights commit in one transaction with the block and its audit entry (at most 100 writes). */
export const BLOCK_MAX_NIGHTS = 90;
export const BLOCK_REASON_MAX = 200;
/** The longest range one `GET /api/admin/blocks` reads. */
export const BLOCK_LIST_MAX_DAYS = 366;

export const blockMessages = {
  date: 'Dates look like 2026-12-24',
  order: 'Check-out must be after check-in',
  tooLong: `A block is at most ${BLOCK_MAX_NIGHTS} nights: add another block for the rest`,
  past: 'A block cannot start before today',
  reason: 'Say why the nights are blocked',
  unitNotFound: 'Cottage not found',
  notFound: 'Block not found',
} as const;

/** POST /api/admin/blocks: `{cottageId, checkIn, checkOut, reason}`, check-out exclusive like a stay (its schema: the route's). */
export type BlockRequest = { cottageId: string; checkIn: string; checkOut: string; reason: string };

/** A block as the API answers it. */
export type DateBlock = {
  id: string;
  cottageId: string;
  cottageName: string;
  cottageType: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  reason: string;
  createdAt: string;
  createdBy: { id: string; name: string };
};
