import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createServer, defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { build } from 'esbuild';
import { EARLY_VILLAS_PATH } from './shared/early-answers.ts';

/** `@/` is web/src, `@shared/` the domain code web and functions share (same as tsconfig.json's paths). */
export const aliases = {
  '@': fileURLToPath(new URL('./web/src', import.meta.url)),
  '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
};

/**
 * Renders the first screen of `/` into index.html at build time (web/src/app/prerender.tsx, loaded
 * through a Vite server in SSR mode so it resolves like the app), so it paints before any script,
 * with the early start of its villas and their first photo; and writes the page without them as
 * app.html, which every other address gets (infra/edge/viewer-request.js).
 */
function prerenderFirstScreen(): Plugin {
  let bare = '';
  let early: { fileName: string; code: string } | undefined;
  return {
    name: 'prerender-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        bare = html;
        const server = await createServer({
          configFile: false,
          root: fileURLToPath(new URL('./web', import.meta.url)),
          resolve: { alias: aliases },
          plugins: [react()],
          server: { middlewareMode: true, hmr: false, ws: false },
          appType: 'custom',
          logLevel: 'error',
        });
        try {
          const { renderFirstScreen } = (await server.ssrLoadModule('/src/app/prerender.tsx')) as { renderFirstScreen: () => string };
          const root = '<div id="root"></div>';
          if (!html.includes(root)) throw new Error(`index.html has no ${root} to render the first screen into`);
          // The villas asked for from the HTML, and their first photo shown in the first placeholder as
          // soon as they come (web/src/first-screen/early-catalogue.ts): its own small script, just before the app's.
          const built = await build({
            entryPoints: [fileURLToPath(new URL('./web/src/first-screen/early-catalogue.ts', import.meta.url))],
            bundle: true,
            minify: true,
            format: 'esm',
            target: 'es2022',
            write: false,
            legalComments: 'none',
          });
          const code = built.outputFiles[0]?.text ?? '';
          early = { fileName: `assets/early-catalogue-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`, code };
          // Before the app's script: module scripts run in document order, so the app always finds
          // the answer the early script took (and the preload starts the request at once either way).
          const app = '<script type="module" crossorigin src="/assets/index-';
          if (!html.includes(app)) throw new Error("index.html has no app script to start the villas' answer before");
          const earlyTags = `<link rel="preload" href="${EARLY_VILLAS_PATH}" as="fetch" crossorigin="anonymous" />\n    <script type="module" crossorigin src="/${early.fileName}"></script>\n    `;
          return html.replace(app, earlyTags + app).replace(root, `<div id="root">${renderFirstScreen()}</div>`);
        } finally {
          await server.close();
        }
      },
    },
    // Ordered last: after vite:build-html has emitted index.html (so `bare` is set) and after the
    // compression plugin has run, so each file's brotli and gzip copies are made here.
    generateBundle: {
      order: 'post',
      handler() {
        if (!bare) throw new Error('index.html was not built before app.html');
        if (!early) throw new Error('the early catalogue script was not built');
        for (const { fileName, source } of [
          { fileName: 'app.html', source: bare },
          { fileName: early.fileName, source: early.code },
        ]) {
          this.emitFile({ type: 'asset', fileName, source });
          this.emitFile({ type: 'asset', fileName: `${fileName}.br`, source: brotliCompressSync(source) });
          this.emitFile({ type: 'asset', fileName: `${fileName}.gz`, source: gzipSync(source, { level: 9 }) });
        }
      },
    },
  };
}

/**
 * React Router's production build. Its package exports name only its development build (with the
 * dev warnings and checks), whatever the mode (remix-run/react-router#12532), so a production
 * build points at the production files itself.
 */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
];

export default defineConfig(({ mode }) => ({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  plugins: [
    react(),
    prerenderFirstScreen(),
    // Brotli and gzip copies of every text file beside it, which the local server sends by the
    // request's Accept-Encoding (CloudFront compresses on its own, so they are not deployed).
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.map$/, /^\.vite\//], logLevel: 'silent' }),
  ],
  resolve: {
    alias: [...(mode === 'production' ? reactRouterProduction : []), ...Object.entries(aliases).map(([find, replacement]) => ({ find, replacement }))],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    // The manifest lets tests prove the admin portal is not in the guest bundle.
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    // No modulepreload polyfill in the first load: every browser of the target but Safari 15.4 to 16
    // preloads modules itself, and those only fetch the lazy chunks' imports when they run.
    modulePreload: { polyfill: false },
    // Everything the entry imports statically goes in one chunk. Split by which lazy chunks also use
    // each module, the first load was some twenty files, each gzipped on its own: larger in total.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } } },
  },
}));
