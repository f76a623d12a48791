import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();
const problems = async (filePath: string, code: string) => (await eslint.lintText(code, { filePath }))[0]?.messages.map((message) => message.ruleId) ?? [];

// The first lintText loads ESLint's whole configuration and plugins: on a cold fresh clone that
// alone took 5.5 s, past vitest's default 5 s.
describe('the web feature boundaries (eslint.config.js)', { timeout: 30_000 }, () => {
  it('refuse an import from another feature or from the app inside a feature', async () => {
    expect(await problems('web/src/features/booking/probe.ts', "import { signIn } from '@/features/admin/api/sign-in';\nexport const x = signIn;\n")).toEqual([
      'no-restricted-imports',
    ]);
    expect(
      await problems('web/src/features/admin/probe.ts', "import { useCottages } from '../booking/api/get-cottages';\nexport const x = useCottages;\n"),
    ).toEqual(['no-restricted-imports']);
    expect(await problems('web/src/features/booking/probe.ts', "import { router } from '@/app/router';\nexport const x = router;\n")).toEqual([
      'no-restricted-imports',
    ]);
  });

  it('allow a feature its own modules, lib, config and shared code; keep lib below features', async () => {
    const allowed =
      "import { apiRequest } from '@/lib/api-client';\nimport { paths } from '@/config/paths';\nimport { formatInr } from '@shared/money';\nimport { useCottages } from '../api/get-cottages';\nexport const x = [apiRequest, paths, formatInr, useCottages];\n";
    expect(await problems('web/src/features/booking/components/probe.tsx', allowed)).toEqual([]);
    expect(
      await problems('web/src/lib/probe.ts', "import { useCottages } from '@/features/booking/api/get-cottages';\nexport const x = useCottages;\n"),
    ).toEqual(['no-restricted-imports']);
  });
});

describe('the data layer owns the table (eslint.config.js)', { timeout: 30_000 }, () => {
  const write =
    "export const update = { Key: { pk: `BOOKING#${'x'}`, sk: 'BOOKING' }, UpdateExpression: 'SET a = :a', ConditionExpression: 'attribute_exists(pk)' };\n";

  it('refuses an expression, a key attribute or a key prefix outside functions/lib/db/', async () => {
    for (const filePath of ['functions/http/bookings/probe.ts', 'functions/lib/payments/probe.ts', 'infra/local/probe.ts', 'shared/probe.ts']) {
      const found = await problems(filePath, write);
      expect(found.length, filePath).toBeGreaterThanOrEqual(4);
      expect(new Set(found), filePath).toEqual(new Set(['no-restricted-syntax']));
    }
    for (const expression of ['KeyConditionExpression', 'FilterExpression', 'ProjectionExpression'])
      expect(await problems('functions/lib/probe.ts', `export const query = { ${expression}: 'x' };\n`), expression).toEqual(['no-restricted-syntax']);
    expect(await problems('functions/lib/probe.ts', "export const prefix = 'PAYMENT#';\n")).toEqual(['no-restricted-syntax']);
  });

  it('refuses a per-type key module outside the data layer, and allows the key design (IAM) and the tests', async () => {
    expect(await problems('functions/lib/probe.ts', "import { item } from './db/keys/booking.ts';\nexport const x = item;\n")).toEqual([
      'no-restricted-imports',
    ]);
    expect(await problems('infra/probe.ts', "import { bookingKeys } from '../functions/lib/db/keys.ts';\nexport const x = bookingKeys;\n")).toEqual([]);
    expect(await problems('functions/lib/db/probe.ts', write)).toEqual([]);
    expect(await problems('test/unit/probe.ts', write)).toEqual([]);
  });
});
