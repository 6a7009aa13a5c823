#!/usr/bin/env node
// `npm run build`: build the web app and the server, whether or not they look current.
import { buildServer, buildWeb } from './builds.mjs';

buildWeb();
await buildServer();
