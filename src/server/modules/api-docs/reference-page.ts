import { createRequire } from 'node:module';
import path from 'node:path';

/** Where the reference UI's files are served; the page names nothing from another origin. */
export const ASSETS_PATH = '/api/docs/assets';
const INIT_SCRIPT = 'reference.js';

const require = createRequire(import.meta.url);
const swaggerUiDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));

export interface ReferenceAsset {
  contentType: string;
  /** A file of the swagger-ui-dist package, or the text of our own script. */
  source: { file: string } | { text: string };
}

/**
 * The page's own start-up script, served as a file because the CSP allows no inline script. The
 * validator badge is off: it would load an image from the validator's site, which the CSP refuses.
 */
const initScript = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#reference',
    deepLinking: true,
    validatorUrl: null,
    displayOperationId: true,
  });
});
`;

const packaged = (file: string, contentType: string): ReferenceAsset => ({
  contentType,
  source: { file: path.join(swaggerUiDir, file) },
});

/** Every file the page may load, by name: nothing else of the package is reachable. */
export const REFERENCE_ASSETS: ReadonlyMap<string, ReferenceAsset> = new Map([
  ['swagger-ui.css', packaged('swagger-ui.css', 'text/css; charset=utf-8')],
  ['swagger-ui-bundle.js', packaged('swagger-ui-bundle.js', 'text/javascript; charset=utf-8')],
  ['favicon-32x32.png', packaged('favicon-32x32.png', 'image/png')],
  [INIT_SCRIPT, { contentType: 'text/javascript; charset=utf-8', source: { text: initScript } }],
]);

export const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Rampart API reference</title>
    <link rel="icon" type="image/png" href="${ASSETS_PATH}/favicon-32x32.png" />
    <link rel="stylesheet" href="${ASSETS_PATH}/swagger-ui.css" />
  </head>
  <body>
    <main id="reference"></main>
    <script src="${ASSETS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${ASSETS_PATH}/${INIT_SCRIPT}"></script>
  </body>
</html>
`;
