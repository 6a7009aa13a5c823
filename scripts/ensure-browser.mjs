// Finds Chromium for the end-to-end tests, installing Debian's package when it is missing and we can.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const DEFAULT_PATH = '/usr/bin/chromium';

export function ensureBrowser() {
  const wanted = process.env.CHROME_PATH || DEFAULT_PATH;
  if (existsSync(wanted)) return wanted;
  if (process.env.CHROME_PATH) fail(`CHROME_PATH=${wanted} does not exist.`);

  const canApt = process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0;
  if (!canApt)
    fail(
      'Chromium is needed for the end-to-end tests: install it (Debian: `apt-get install chromium`) or set CHROME_PATH.',
    );

  console.info("Chromium is missing; installing Debian's chromium package (one time)…");
  const apt = (args) =>
    spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (
    apt(['update']).status !== 0 ||
    apt(['install', '-y', '--no-install-recommends', 'chromium']).status !== 0 ||
    !existsSync(DEFAULT_PATH)
  ) {
    fail(
      'Installing chromium with apt-get failed: install it yourself (`apt-get install chromium`) or set CHROME_PATH.',
    );
  }
  return DEFAULT_PATH;
}

function fail(message) {
  console.error(message);
  process.exit(1);
}
