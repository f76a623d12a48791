import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../functions/lib/config.ts';
import { parseDeliveryConfig } from '../../functions/lib/delivery-config.ts';

describe('function configuration, checked at cold start', () => {
  it('takes the defaults and trims URLs', () => {
    expect(parseConfig({ TABLE_NAME: 'resort-dev', DYNAMODB_ENDPOINT: ' http://localhost:8000 ' })).toEqual({
      STAGE: 'local',
      TABLE_NAME: 'resort-dev',
      AWS_REGION: 'us-east-1',
      DYNAMODB_ENDPOINT: 'http://localhost:8000',
    });
  });

  it('refuses a malformed value, naming each variable that is wrong', () => {
    expect(() => parseConfig({ TABLE_NAME: 'resort-dev', DYNAMODB_ENDPOINT: 'not a url', JWT_SECRET_ARN: 'secret' })).toThrow(
      'Invalid function configuration: DYNAMODB_ENDPOINT: Must be a URL; JWT_SECRET_ARN: Must start with arn:',
    );
    expect(() => parseConfig({})).toThrow('Invalid function configuration: TABLE_NAME: Required');
  });

  it('checks what only the delivering functions read in their own schema, so request functions neither carry nor need it', () => {
    expect(parseDeliveryConfig({ TABLE_NAME: 'x', SITE_URL: 'https://resort.example', MAIL_FROM: 'bookings@resort.example' })).toEqual({
      SITE_URL: 'https://resort.example',
      MAIL_FROM: 'bookings@resort.example',
    });
    expect(() => parseDeliveryConfig({ MAIL_FROM: 'nobody', WS_MANAGEMENT_ENDPOINT: 'wss//x' })).toThrow(
      'Invalid function configuration: WS_MANAGEMENT_ENDPOINT: Must be a URL; MAIL_FROM: Must be an e-mail address',
    );
    // A request function's configuration has none of these.
    expect(parseConfig({ TABLE_NAME: 'resort-dev', MAIL_FROM: 'nobody' })).not.toHaveProperty('MAIL_FROM');
  });
});
