import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

// Each synthesized App writes a cloud assembly (~100 MB with the bundles and the site) under
// os.tmpdir(): this test file's own folder, removed when the file is done, so runs leave nothing behind.
const own = mkdtempSync(join(tmpdir(), 'resort-infra-'));
process.env.TMPDIR = own;
afterAll(() => rmSync(own, { recursive: true, force: true }));
