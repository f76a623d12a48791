import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { measureWeb, printWeb } from '../web-vitals.ts';
import { root } from './common.ts';
import { ensureWebBuild, startStack } from './stack.ts';

/** `--web`: only the guest site's lab metrics, on its own stack. */
export async function webOnly() {
  await ensureWebBuild();
  console.error('Starting the local stack; the guest site on a phone (Chromium, CPU 4x slower; unthrottled and on slow 4G, taking turns)...');
  const started = performance.now();
  const stack = await startStack();
  try {
    const web = await measureWeb(stack.base);
    printWeb(web);
    const report = { machine: `${process.platform} ${process.arch}, node ${process.version}`, seconds: Math.round((performance.now() - started) / 1000), web };
    console.log(`\n${JSON.stringify(report, null, 2)}`);
    const file = join(root, 'test-results', 'bench-web.json');
    writeFileSync(file, JSON.stringify(report, null, 2));
    console.log(`All figures: ${relative(root, file)}`);
  } finally {
    await stack.stop();
  }
}
