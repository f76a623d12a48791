import * as z from 'zod/mini';
import { BLOCK_MAX_NIGHTS, BLOCK_REASON_MAX, blockMessages, type BlockRequest } from '../../../../shared/blocks.ts';
import { isIsoDate, nightsBetween } from '../../../../shared/stay.ts';
import { idField, maxLength } from '../../../../shared/validation.ts';
import { createBlock } from '../../../lib/inventory/date-blocks.ts';
import { httpRoute } from '../../../lib/http/signed-in-route.ts';

const isoDate = (label: string) => z.string(`${label} is required`).check(z.refine(isIsoDate, blockMessages.date));

/** The request (shared/blocks.ts BlockRequest): built only here, so the other block functions carry no schema. */
const blockRequestSchema = z
  .object({
    cottageId: idField('cottageId'),
    checkIn: isoDate('checkIn'),
    checkOut: isoDate('checkOut'),
    reason: z.string(blockMessages.reason).check(z.trim(), z.minLength(1, blockMessages.reason), maxLength(BLOCK_REASON_MAX)),
  })
  .check(
    z.refine((block) => !(nightsBetween(block.checkIn, block.checkOut) <= 0), { error: blockMessages.order, path: ['checkOut'] }),
    z.refine((block) => !(nightsBetween(block.checkIn, block.checkOut) > BLOCK_MAX_NIGHTS), { error: blockMessages.tooLong, path: ['checkOut'] }),
  ) satisfies z.core.$ZodType<BlockRequest>;

/**
 * POST /api/admin/blocks (manager) `{cottageId, checkIn, checkOut, reason}`: takes a unit's nights
 * off sale (check-out exclusive), with its audit entry; 409 naming the booking that holds a night.
 */
export const handler = httpRoute('create-block', { body: blockRequestSchema }, async ({ body, principal }) => ({
  statusCode: 201,
  data: await createBlock(body, principal),
}));
