/**
 * What takes the space in each function bundle, from esbuild's metafile (infra/bundle-functions.ts
 * writes it to .build/functions/meta.json): every input's bytesInOutput, grouped by npm package,
 * with the project's own sources as one group and esbuild's runtime and banner as the remainder.
 */
import type { Metafile } from 'esbuild';

export const PROJECT_CODE = '(project code)';
export const ESBUILD_RUNTIME = '(esbuild runtime, banner)';

export type PackageBytes = { name: string; bytes: number };
export type PackageReport = { name: string; kb: number; share: number; overFloorKb: number };

/** `node_modules/@smithy/core/dist-es/x.js` -> `@smithy/core`; nested node_modules count by their last one; anything else is project code. */
export function packageOf(input: string): string {
  const normalized = input.replaceAll('\\', '/');
  const at = normalized.lastIndexOf('node_modules/');
  if (at < 0) return PROJECT_CODE;
  const [scopeOrName = '', name = ''] = normalized.slice(at + 'node_modules/'.length).split('/');
  return scopeOrName.startsWith('@') ? `${scopeOrName}/${name}` : scopeOrName;
}

/** The metafile's key of an output file given its path relative to the build's working directory (`outdir/<module>/index.mjs`). */
export function outputKey(metafile: Metafile, relativeFile: string): string {
  const wanted = relativeFile.replaceAll('\\', '/');
  const key = Object.keys(metafile.outputs).find((candidate) => candidate === wanted || candidate.endsWith(`/${wanted}`));
  if (!key) throw new Error(`${relativeFile} is not an output of this metafile`);
  return key;
}

/** One output's bytes (or several outputs' together) by package, largest first; what no input accounts for is esbuild's own (runtime helpers, the banner). */
export function packageBytes(metafile: Metafile, keys: string | readonly string[]): { bytes: number; packages: PackageBytes[] } {
  const byPackage = new Map<string, number>();
  let counted = 0;
  let bytes = 0;
  // A split bundle is its index and the chunks it imports statically (infra/bundle-functions.ts' loadedAtImport): one sum.
  for (const key of typeof keys === 'string' ? [keys] : keys) {
    const output = metafile.outputs[key];
    if (!output) throw new Error(`${key} is not an output of this metafile`);
    bytes += output.bytes;
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const name = packageOf(input);
      byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput);
      counted += bytesInOutput;
    }
  }
  const output = { bytes };
  if (output.bytes > counted) byPackage.set(ESBUILD_RUNTIME, output.bytes - counted);
  const packages = [...byPackage].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name));
  return { bytes: output.bytes, packages };
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/** The top `top` packages with their share of the bundle and their excess over the same package in the floor bundle. */
export function packageReport(
  bundle: { bytes: number; packages: PackageBytes[] },
  floor: PackageBytes[],
  top = 8,
): { top: PackageReport[]; rest: { count: number; kb: number }; overFloor: PackageReport[] } {
  const floorBytes = new Map(floor.map((entry) => [entry.name, entry.bytes]));
  const rows = bundle.packages.map((entry) => ({
    name: entry.name,
    kb: kb(entry.bytes),
    share: Math.round((entry.bytes / Math.max(bundle.bytes, 1)) * 100),
    overFloorKb: kb(entry.bytes - (floorBytes.get(entry.name) ?? 0)),
  }));
  const rest = bundle.packages.slice(top);
  return {
    top: rows.slice(0, top),
    rest: { count: rest.length, kb: kb(rest.reduce((sum, entry) => sum + entry.bytes, 0)) },
    overFloor: rows.filter((row) => row.overFloorKb >= 1).sort((a, b) => b.overFloorKb - a.overFloorKb),
  };
}

/** Plain-text columns: first column left-aligned, the others right-aligned. */
export function columns(rows: string[][], indent = ''): string {
  const widths = rows.reduce<number[]>((max, row) => row.map((cell, index) => Math.max(max[index] ?? 0, cell.length)), []);
  return rows
    .map(
      (row) =>
        indent +
        row
          .map((cell, index) => (index === 0 ? cell.padEnd(widths[index] ?? 0) : cell.padStart(widths[index] ?? 0)))
          .join('  ')
          .trimEnd(),
    )
    .join('\n');
}

/** The per-function block printed by `npm run bench -- --bundles`. */
export function formatPackageReport(title: string, report: ReturnType<typeof packageReport>): string {
  const rows = [
    ['package', 'KB', 'share', 'vs floor KB'],
    ...report.top.map((row) => [
      row.name,
      row.kb.toFixed(1),
      `${row.share}%`,
      row.overFloorKb >= 0.1 ? `+${row.overFloorKb.toFixed(1)}` : row.overFloorKb <= -0.1 ? row.overFloorKb.toFixed(1) : '0',
    ]),
  ];
  if (report.rest.count) rows.push([`(${report.rest.count} more)`, report.rest.kb.toFixed(1), '', '']);
  const over = report.overFloor.slice(0, 5).map((row) => `${row.name} +${row.overFloorKb.toFixed(1)}`);
  return `${title}\n${columns(rows, '  ')}\n  over the floor: ${over.length ? over.join(', ') : 'nothing'}`;
}
