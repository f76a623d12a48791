import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** `@/` is web/src, `@shared/` the domain code web and functions share (same as tsconfig.json's paths). */
export const aliases = {
  '@': fileURLToPath(new URL('./web/src', import.meta.url)),
  '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
};

export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  plugins: [
    react(),
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
