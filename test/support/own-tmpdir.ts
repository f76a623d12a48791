import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

// Every temporary folder a test file makes (bundles, data folders, synthesized cloud assemblies of
// ~100 MB, Chromium's profiles, outboxes) goes under os.tmpdir(): this file's own folder, removed
// when the file is done (after its own afterAll hooks), so a run of npm test leaves nothing behind.
const own = mkdtempSync(join(tmpdir(), 'resort-test-'));
process.env.TMPDIR = own;
afterAll(() => rmSync(own, { recursive: true, force: true }));
