import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const serverOrigin = 'http://localhost:5000';

export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  plugins: [react(), tailwindcss()],
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
