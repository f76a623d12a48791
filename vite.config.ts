import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createServer, defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** `@/` is web/src, `@shared/` the domain code web and functions share (same as tsconfig.json's paths). */
export const aliases = {
  '@': fileURLToPath(new URL('./web/src', import.meta.url)),
  '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
};

/**
 * Renders the first screen of `/` into index.html at build time (web/src/app/prerender.tsx, loaded
 * through a Vite server in SSR mode so it resolves like the app), so it paints before any script;
 * and writes the page without it as app.html, which every other address gets (infra/edge/viewer-request.js).
 */
function prerenderFirstScreen(): Plugin {
  let bare = '';
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
          return html.replace(root, `<div id="root">${renderFirstScreen()}</div>`);
        } finally {
          await server.close();
        }
      },
    },
    // After vite:build-html has emitted index.html (so `bare` is set), before the compression.
    generateBundle: {
      order: 'post',
      handler() {
        if (!bare) throw new Error('index.html was not built before app.html');
        this.emitFile({ type: 'asset', fileName: 'app.html', source: bare });
        // Emitted after the compression plugin has run: its copies are made here.
        this.emitFile({ type: 'asset', fileName: 'app.html.br', source: brotliCompressSync(bare) });
        this.emitFile({ type: 'asset', fileName: 'app.html.gz', source: gzipSync(bare, { level: 9 }) });
      },
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  plugins: [
    react(),
    prerenderFirstScreen(),
    // Brotli and gzip copies of every text file beside it, which the local server sends by the
    // request's Accept-Encoding (CloudFront compresses on its own, so they are not deployed).
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.map$/, /^\.vite\//], logLevel: 'silent' }),
  ],
  resolve: { alias: aliases },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    // The manifest lets tests prove the admin portal is not in the guest bundle.
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    // Everything the entry imports statically goes in one chunk. Split by which lazy chunks also use
    // each module, the first load was some twenty files, each gzipped on its own: larger in total.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } } },
  },
});
