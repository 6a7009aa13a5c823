#!/usr/bin/env node
// `npm start`: build the web app and the server when missing or older than their sources, then run the
// compiled server in this very process (one process for an operator's signals, nothing compiled at run time).
import { pathToFileURL } from 'node:url';
import { buildWhatIsStale, SERVER_ENTRY } from './builds.mjs';

try {
  await buildWhatIsStale();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
// As `node --enable-source-maps` would: stack traces name the TypeScript sources.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(SERVER_ENTRY).href);
