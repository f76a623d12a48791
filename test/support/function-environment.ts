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
// Tests book many unpaid stays from one address and one guest; the limits have their own tests
// (test/integration/unpaid-limits.test.ts), which lift these for their duration.
Object.assign(process.env, { OPEN_HOLD_LIMIT: '100000', UNPAID_STAY_LIMIT: '100000', UNPAID_NIGHT_LIMIT: '100000' });
// Tests register many accounts from one address; the sign-up limit has its own test (test/integration/sign-up.test.ts), which lowers it.
process.env.SIGNUP_LIMIT = '100000';
// New password hashes get scrypt N=2^10 instead of OWASP's 2^17 (functions/lib/passwords.ts allows it off AWS
// only): the tests sign up and sign in hundreds of times, and the cost is not what they test. Its own tests
// (test/unit/passwords.test.ts) and the parallel sign-in burst (accounts-and-lifecycle) keep the full cost.
process.env.PASSWORD_HASH_COST = '10';
