import { join, relative } from 'node:path';
import { bundleDir, METAFILE_NAME } from '../../../infra/bundle-functions.ts';
import { formatPackageReport } from '../bundle-report.ts';
import { BUDGET, type BundleReport } from './bundles.ts';
import { SOURCE_MAPS } from './cold-starts.ts';
import { root } from './common.ts';

/* The bundles' tables: size and cold import against the floor, source maps, and (with --bundles) what takes the space. */

const signed = (value: number) => `${value >= 0 ? '+' : ''}${value}`;

export function printBundles(report: BundleReport, withPackages: boolean) {
  const { floor, functions, summary } = report;
  const mode = report.budget.coldImportMeasuredWith;
  console.log(
    `\nBundles: ${functions.length} functions and the floor, bundled with the same esbuild options. Cold import: median of ${report.runsPerBundle} fresh Node ${report.node}`,
  );
  console.log(
    `processes each (${report.nodeSource}), with the deployed environment (NODE_OPTIONS '${report.deployedNodeOptions.value}', from ${report.deployedNodeOptions.source}); wall ms, and the`,
  );
  console.log(
    `process's CPU ms over the same import, which other load on the machine disturbs less (load average ${report.loadAverage.before} -> ${report.loadAverage.after} on ${report.loadAverage.cores} cores).`,
  );
  console.log(
    `Budget for HTTP functions (issue 16): bundle <= floor + ${BUDGET.overFloorKb} KB and cold import <= ${BUDGET.coldRatio} x floor (judged on wall ms; "cpu PASS/FAIL" when the CPU figure disagrees).\n`,
  );
  console.log('KB: what a cold start loads (index.mjs and the chunks it imports statically); lazy KB: chunks loaded on first use, if ever.');
  console.log('zod: the zod schemas and checks its import builds (each .check() on a built schema counts a copy of it too).\n');
  console.log(`| function | kind | KB | lazy KB | over floor KB | zod | cold import ms (${mode}) | x floor | CPU ms | CPU x floor | budget |`);
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  console.log(`| ${floor.module} | floor | ${floor.kb} | ${floor.lazyKb} | 0 | 0 | ${floor.coldImportMs} | 1.00 | ${floor.coldImportCpuMs} | 1.00 | |`);
  for (const row of functions) {
    let verdict = '-';
    if (row.budget) {
      const failed = [row.budget.sizeOk ? '' : 'size', row.budget.coldOk ? '' : 'cold'].filter(Boolean).join(', ');
      verdict = `${row.budget.verdict}${failed ? ` (${failed})` : ''}${row.budget.verdictByCpu !== row.budget.verdict ? `; cpu ${row.budget.verdictByCpu}` : ''}`;
    }
    console.log(
      `| ${row.module} | ${row.kind} | ${row.kb} | ${row.lazyKb} | ${signed(row.overFloorKb)} | ${row.zodSchemas} | ${row.coldImportMs} | ${row.ratioToFloor.toFixed(2)} | ${row.coldImportCpuMs} | ${row.cpuRatioToFloor.toFixed(2)} | ${verdict} |`,
    );
  }
  const h = summary.http;
  console.log(
    `\nHTTP functions within budget: ${h.pass}/${h.count} (size ${h.withinSize}/${h.count}, cold import ${h.withinCold}/${h.count}); judged by CPU ms: ${h.passByCpu}/${h.count} (cold import ${h.withinColdByCpu}/${h.count}).`,
  );
  console.log(
    `Median ${h.medianKb} KB (${signed(h.medianOverFloorKb)} over the floor's ${floor.kb}), cold import ${h.medianColdImportMs} ms = ${h.medianRatioToFloor.toFixed(2)} x the floor's ${floor.coldImportMs} ms (CPU ${h.medianColdImportCpuMs} ms = ${h.medianCpuRatioToFloor.toFixed(2)} x ${floor.coldImportCpuMs}).`,
  );

  console.log(
    `\nSource maps (${SOURCE_MAPS}). At cold start: import without and with (wall ms, CPU ms). At the first error: formatting its stack with maps on`,
  );
  console.log('(Node parses the whole map then), without, and the lazy alternative: no flag, read index.mjs.map and map the frames with module.SourceMap');
  console.log('only when an error is logged (nothing at cold start).\n');
  console.log(
    '| function | map KB | import without | with | cost ms | with/without | CPU without | with | CPU cost ms | 1st error stack ms, maps on | maps off | lazy map, 1st error ms |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  const fs = floor.sourceMaps;
  console.log(
    `| ${floor.module} | ${fs.mapKb} | ${fs.importWithoutMs} | ${fs.importWithMs} | ${signed(fs.costMs)} | ${(fs.importWithMs / Math.max(fs.importWithoutMs, 0.1)).toFixed(2)} | ${fs.importCpuWithoutMs} | ${fs.importCpuWithMs} | ${signed(fs.costCpuMs)} | ${fs.firstErrorStackWithMs} | | ${fs.lazyMapAtFirstErrorMs} |`,
  );
  for (const row of functions) {
    const m = row.sourceMaps;
    console.log(
      `| ${row.module} | ${m.mapKb} | ${m.importWithoutMs} | ${m.importWithMs} | ${signed(m.costMs)} | ${m.ratio.toFixed(2)} | ${m.importCpuWithoutMs} | ${m.importCpuWithMs} | ${signed(m.costCpuMs)} | ${m.firstErrorStackWithMs} | ${m.firstErrorStackWithoutMs} | ${m.lazyMapAtFirstErrorMs} |`,
    );
  }
  const sm = summary.sourceMaps;
  console.log(
    `\nSource maps at cold start: median ${signed(sm.medianCostMs)} ms wall (${sm.medianRatio.toFixed(2)} x), ${signed(sm.medianCostCpuMs)} ms CPU (${sm.medianRatioCpu.toFixed(2)} x); floor ${signed(sm.floorCostMs)} ms wall, ${signed(sm.floorCostCpuMs)} ms CPU.`,
  );
  console.log(
    `At the first error: ${sm.medianFirstErrorStackWithMs} ms to format its stack with maps on (under 1 ms with them off); mapping it lazily then costs ${sm.medianLazyMapAtFirstErrorMs} ms.`,
  );
  console.log("(process.setSourceMapsEnabled(true) called after init maps nothing: Node keeps a module's map only if maps were on when it loaded.)");

  if (!withPackages) return;
  console.log(
    `\nWhat takes the space (esbuild metafile, ${relative(root, join(bundleDir, METAFILE_NAME))}): the top 8 packages of each bundle by bytes in the output,`,
  );
  console.log('their share of it, and how much more of each package than the floor carries.\n');
  console.log(
    `${floor.module}: ${floor.kb} KB\n  ${floor.packages
      .slice(0, 8)
      .map((entry) => `${entry.name} ${entry.kb}`)
      .join(', ')}\n`,
  );
  for (const row of functions) {
    const title = `${row.module} (${row.kind}): ${row.kb} KB, ${signed(row.overFloorKb)} KB over the floor${row.budget ? `, ${row.budget.verdict}` : ''}`;
    console.log(`${formatPackageReport(title, row.packages)}\n`);
  }
}
