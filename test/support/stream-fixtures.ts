import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { bookingItem, type StoredBooking } from '../../functions/lib/db/bookings.ts';

/** A booking as the table stores it (what a stream image holds, unmarshalled). */
export function storedBooking(overrides: Partial<StoredBooking> = {}): StoredBooking {
  return {
    id: '7d9b3a52-2f41-4c1e-9a57-0c1d2e3f4a5b',
    booking_reference: 'VMLX2K9A1B2C3',
    status: 'pending',
    payment_method: 'offline',
    payment_status: 'pending',
    customer_name: 'Ms Asha Rao',
    customer_email: 'asha@example.in',
    customer_phone: '9876543210',
    country_code: '+91',
    check_in_date: '2027-01-10',
    check_out_date: '2027-01-13',
    nights: 3,
    adults: 2,
    children: 0,
    rooms: 1,
    cottage_type: 'hornbill-villa',
    cottage_ids: ['hornbill-1'],
    cottage_name: 'Hornbill Villa',
    package_id: 'forest-retreat',
    package_name: 'Forest Retreat',
    safaris: [{ safari_id: 'jungle-jeep', name: 'Jungle Jeep Safari', date: '2027-01-11', time_slot: '06:00', guests: 2, amount: 3000 }],
    total_amount: 41_300,
    price_breakdown: [],
    user_id: 'user-42',
    created_at: '2026-11-22T05:00:00.000Z',
    claims: {
      cottageIds: ['hornbill-1'],
      nights: ['2027-01-10', '2027-01-11', '2027-01-12'],
      seats: [{ safariId: 'jungle-jeep', date: '2027-01-11', timeSlot: '06:00', seats: 2 }],
    },
    quote: { villa: { amount: 30_001 } } as StoredBooking['quote'],
    ...overrides,
  };
}

/** The booking as its table item (keys and entity beside the fields). */
export const asBookingItem = (booking: StoredBooking) => bookingItem(booking);

const keysOf = (item: Record<string, unknown>) => ({ pk: item.pk, sk: item.sk });

/** A stream record as Lambda delivers it (NEW_AND_OLD_IMAGES), from the item before and after. */
export function streamRecord(
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE',
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
  sequence: string,
  extra: Partial<DynamoDBRecord> = {},
): DynamoDBRecord {
  const keys = keysOf((after ?? before) as Record<string, unknown>);
  return {
    eventID: `event-${sequence}`,
    eventName,
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: 'us-east-1',
    eventSourceARN: 'arn:aws:dynamodb:us-east-1:000000000000:table/unit-test-table/stream/2026-11-22T00:00:00.000',
    dynamodb: {
      ApproximateCreationDateTime: 1_795_330_000,
      Keys: marshall(keys) as never,
      ...(after ? { NewImage: marshall(after, { removeUndefinedValues: true }) as never } : {}),
      ...(before ? { OldImage: marshall(before, { removeUndefinedValues: true }) as never } : {}),
      SequenceNumber: sequence,
      SizeBytes: 512,
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
    ...extra,
  };
}
