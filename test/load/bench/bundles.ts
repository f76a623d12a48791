import { readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Metafile } from 'esbuild';
import { buildBundles, bundleDir, bundleFunctions, METAFILE_NAME } from '../../../infra/bundle-functions.ts';
import { outputKey, packageReport } from '../bundle-report.ts';
import { COLD_RUNS, deployedNodeOptions, kindOf, measureColdStarts, SOURCE_MAPS, type BundleTarget, type Measured } from './cold-starts.ts';
import { median, root, round } from './common.ts';
import { benchNode } from './lambda-node.ts';

/*
 * `--bundles`: every deployed function and the floor handler bundled with the same esbuild options,
 * their cold imports measured (cold-starts.ts), and the HTTP functions judged against the budget.
 */

export const BUDGET = { overFloorKb: 60, coldRatio: 1.25 };

export function measureBundles() {
  const started = performance.now();
  const loadBefore = round(loadavg()[0] ?? 0, 2);
  const deployed = deployedNodeOptions();
  const deployedWithMaps = deployed.value.split(/\s+/).includes(SOURCE_MAPS);
  bundleFunctions();
  const functionsMeta = JSON.parse(readFileSync(join(bundleDir, METAFILE_NAME), 'utf8')) as Metafile;
  const floorDir = join(root, '.build', 'bench-floor');
  rmSync(floorDir, { recursive: true, force: true });
  // Split like the HTTP functions (infra/bundle-functions.ts), so both are measured the same way.
  const floorMeta = buildBundles({ 'floor/index': join(import.meta.dirname, '..', 'floor-handler.ts') }, floorDir, [], true);

  const floorTarget: BundleTarget = {
    module: '(floor: document client + GetCommand)',
    kind: 'floor',
    file: join(floorDir, 'floor', 'index.mjs'),
    metafile: floorMeta,
    metaKey: outputKey(floorMeta, 'floor/index.mjs'),
  };
  const modules = Object.keys(functionsMeta.outputs)
    .filter((key) => key.endsWith('/index.mjs'))
    .map((key) => relative(bundleDir, resolve(root, key)).replace(/\/index\.mjs$/, ''))
    .sort();
  const targets = [
    floorTarget,
    ...modules.map((module): BundleTarget => ({
      module,
      kind: kindOf(module),
      file: join(bundleDir, module, 'index.mjs'),
      metafile: functionsMeta,
      metaKey: outputKey(functionsMeta, `${module}/index.mjs`),
    })),
  ];
  const node = benchNode();
  console.error(
    `Measuring cold imports of ${targets.length} bundles: ${COLD_RUNS} fresh Node ${node.version} processes each, with and without ${SOURCE_MAPS}...`,
  );
  const [floor, ...functions] = measureColdStarts(targets, node);
  if (!floor) throw new Error('no floor measured');

  const deployedImport = (row: Measured) => (deployedWithMaps ? row.withMaps : row.withoutMaps);
  const floorMs = deployedImport(floor).importMs;
  const floorCpuMs = deployedImport(floor).importCpuMs;
  const rows = functions.map((row) => {
    const coldImportMs = deployedImport(row).importMs;
    const coldImportCpuMs = deployedImport(row).importCpuMs;
    const overFloorKb = round(row.kb - floor.kb);
    const ratioToFloor = round(coldImportMs / Math.max(floorMs, 0.1), 2);
    const cpuRatioToFloor = round(coldImportCpuMs / Math.max(floorCpuMs, 0.1), 2);
    const sizeOk = overFloorKb <= BUDGET.overFloorKb;
    const coldOk = coldImportMs <= BUDGET.coldRatio * floorMs;
    const coldCpuOk = coldImportCpuMs <= BUDGET.coldRatio * floorCpuMs;
    const report = packageReport({ bytes: row.bytes, packages: row.packages }, floor.packages);
    return {
      module: row.module,
      kind: row.kind,
      kb: row.kb,
      lazyKb: row.lazyKb,
      overFloorKb,
      coldImportMs,
      ratioToFloor,
      coldImportCpuMs,
      cpuRatioToFloor,
      zodSchemas: row.zodSchemas,
      budget:
        row.kind === 'http'
          ? { sizeOk, coldOk, coldCpuOk, verdict: sizeOk && coldOk ? 'PASS' : 'FAIL', verdictByCpu: sizeOk && coldCpuOk ? 'PASS' : 'FAIL' }
          : undefined,
      sourceMaps: {
        mapKb: row.mapKb,
        importWithoutMs: row.withoutMaps.importMs,
        importWithMs: row.withMaps.importMs,
        costMs: round(row.withMaps.importMs - row.withoutMaps.importMs),
        ratio: round(row.withMaps.importMs / Math.max(row.withoutMaps.importMs, 0.1), 2),
        importCpuWithoutMs: row.withoutMaps.importCpuMs,
        importCpuWithMs: row.withMaps.importCpuMs,
        costCpuMs: round(row.withMaps.importCpuMs - row.withoutMaps.importCpuMs),
        ratioCpu: round(row.withMaps.importCpuMs / Math.max(row.withoutMaps.importCpuMs, 0.1), 2),
        firstErrorStackWithMs: row.withMaps.firstErrorStackMs,
        firstErrorStackWithCpuMs: row.withMaps.firstErrorStackCpuMs,
        firstErrorStackWithoutMs: row.withoutMaps.firstErrorStackMs,
        lazyMapAtFirstErrorMs: row.withoutMaps.lazyMapMs,
        lazyMapAtFirstErrorCpuMs: row.withoutMaps.lazyMapCpuMs,
        stackMapped: row.withMaps.stackMapped,
      },
      ...(row.lazyTopFrame ? { lazyTopFrame: row.lazyTopFrame } : {}),
      packages: report,
    };
  });
  const http = rows.filter((row) => row.kind === 'http');
  return {
    node: node.version,
    nodeSource: node.source,
    runsPerBundle: COLD_RUNS,
    deployedNodeOptions: deployed,
    budget: { ...BUDGET, appliesTo: 'http functions', coldImportMeasuredWith: deployedWithMaps ? SOURCE_MAPS : 'no NODE_OPTIONS' },
    floor: {
      module: floor.module,
      kb: floor.kb,
      lazyKb: floor.lazyKb,
      coldImportMs: floorMs,
      coldImportCpuMs: floorCpuMs,
      sourceMaps: {
        mapKb: floor.mapKb,
        importWithoutMs: floor.withoutMaps.importMs,
        importWithMs: floor.withMaps.importMs,
        costMs: round(floor.withMaps.importMs - floor.withoutMaps.importMs),
        importCpuWithoutMs: floor.withoutMaps.importCpuMs,
        importCpuWithMs: floor.withMaps.importCpuMs,
        costCpuMs: round(floor.withMaps.importCpuMs - floor.withoutMaps.importCpuMs),
        firstErrorStackWithMs: floor.withMaps.firstErrorStackMs,
        lazyMapAtFirstErrorMs: floor.withoutMaps.lazyMapMs,
      },
      packages: floor.packages.map((entry) => ({ name: entry.name, kb: round(entry.bytes / 1024) })),
    },
    functions: rows.sort((a, b) => b.kb - a.kb),
    summary: {
      http: {
        count: http.length,
        pass: http.filter((row) => row.budget?.verdict === 'PASS').length,
        withinSize: http.filter((row) => row.budget?.sizeOk).length,
        withinCold: http.filter((row) => row.budget?.coldOk).length,
        passByCpu: http.filter((row) => row.budget?.verdictByCpu === 'PASS').length,
        withinColdByCpu: http.filter((row) => row.budget?.coldCpuOk).length,
        medianKb: round(median(http.map((row) => row.kb))),
        medianOverFloorKb: round(median(http.map((row) => row.overFloorKb))),
        medianColdImportMs: round(median(http.map((row) => row.coldImportMs))),
        medianRatioToFloor: round(median(http.map((row) => row.ratioToFloor)), 2),
        medianColdImportCpuMs: round(median(http.map((row) => row.coldImportCpuMs))),
        medianCpuRatioToFloor: round(median(http.map((row) => row.cpuRatioToFloor)), 2),
      },
      sourceMaps: {
        medianCostMs: round(median(rows.map((row) => row.sourceMaps.costMs))),
        medianRatio: round(median(rows.map((row) => row.sourceMaps.ratio)), 2),
        medianCostCpuMs: round(median(rows.map((row) => row.sourceMaps.costCpuMs))),
        medianRatioCpu: round(median(rows.map((row) => row.sourceMaps.ratioCpu)), 2),
        medianFirstErrorStackWithMs: round(median(rows.map((row) => row.sourceMaps.firstErrorStackWithMs))),
        medianLazyMapAtFirstErrorMs: round(median(rows.map((row) => row.sourceMaps.lazyMapAtFirstErrorMs))),
        floorCostMs: round(floor.withMaps.importMs - floor.withoutMaps.importMs),
        floorCostCpuMs: round(floor.withMaps.importCpuMs - floor.withoutMaps.importCpuMs),
      },
    },
    loadAverage: { before: loadBefore, after: round(loadavg()[0] ?? 0, 2), cores: availableParallelism() },
    seconds: round((performance.now() - started) / 1000),
  };
}

export type BundleReport = ReturnType<typeof measureBundles>;
