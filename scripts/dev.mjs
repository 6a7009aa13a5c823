#!/usr/bin/env node
// `npm run dev`: the API server (restarting on change) on :5000 and Vite with hot reload on :5173.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    // The browser is on Vite's port: OAuth redirects and the CSRF origin check must name it.
    env: { PUBLIC_URL: 'http://localhost:5173', ...process.env },
  }),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], { cwd: root, stdio: 'inherit' }),
];
console.info('Open http://localhost:5173 (Vite proxies /api, /socket.io and /_sim to :5000).');
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => children.forEach((child) => child.kill(signal)));
}
for (const child of children) {
  child.on('exit', (code) => {
    children.forEach((other) => other !== child && other.kill('SIGTERM'));
    process.exit(code ?? 0);
  });
}
