import { describe, expect, it } from 'vitest';
import { refundReason } from '../../functions/lib/payments/cancellation-refund.ts';

describe("a cancellation refund's note at the provider", () => {
  it('says who cancelled: the guest, or the resort when staff did', () => {
    expect(refundReason({})).toBe('Cancelled by the guest within the free cancellation window');
    expect(refundReason({ cancelled_by: 'Asha Manager <manager@forest-resort.local>' })).toBe('Cancelled by the resort within the free cancellation window');
  });
});
