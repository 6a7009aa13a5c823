import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompressAssets } from './scripts/precompress-assets.js';

const serverOrigin = 'http://localhost:5000';

/** After a build, writes brotli and gzip copies of the text files for the server to send as they are. */
function precompress(): Plugin {
  return {
    name: 'rampart:precompress',
    apply: 'build',
    async writeBundle(output) {
      if (output.dir === undefined) return;
      const files = await precompressAssets(output.dir);
      const total = (key: 'bytes' | 'brotliBytes' | 'gzipBytes') =>
        `${(files.reduce((sum, file) => sum + file[key], 0) / 1024).toFixed(1)} kB`;
      this.environment.logger.info(
        `precompressed ${files.length} files: ${total('bytes')} → brotli ${total('brotliBytes')}, gzip ${total('gzipBytes')}`,
      );
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React changes less often than our code; a separate chunk stays cached across deploys. Other
        // libraries travel with the lazily loaded pages that use them, so the landing page does not load them.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 }],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    // The Host header is kept (no changeOrigin) so the API sees the address the browser used.
    proxy: {
      '/api': serverOrigin,
      '/socket.io': { target: serverOrigin, ws: true },
      '/_sim': serverOrigin,
    },
  },
  preview: { port: 4173 },
});
