import { randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { freePort } from '../../infra/local/free-port.ts';
import { functionEnvironment } from '../../infra/local/environment.ts';

// Runs before each test file's imports: the function modules read this environment when loaded.
const port = await freePort();
Object.assign(
  process.env,
  functionEnvironment({
    tableName: `test-${randomUUID()}`,
    dynamodbEndpoint: inject('dynamodbEndpoint'),
    port,
    jwtSecret: randomBytes(48).toString('base64url'),
    outboxDir: join(tmpdir(), `resort-outbox-${randomUUID()}`),
  }),
);
process.env.TEST_SERVER_PORT = String(port);
// Tests book many pay-at-property stays from one address and one guest; the limit itself has its
// own test (test/integration/payments.test.ts), which lifts this for its duration.
process.env.OPEN_PAY_AT_PROPERTY_LIMIT = '1000';
