import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats gain from compression; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt)$/i;

export interface PrecompressedFile {
  /** Path relative to the directory that was compressed, with forward slashes. */
  file: string;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every compressible file
 * under `dir`. The strongest settings cost seconds once per build and nothing per request: the server
 * sends these files as they are.
 */
export async function precompressAssets(dir: string): Promise<PrecompressedFile[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  return Promise.all(files.map((file) => precompressFile(dir, file)));
}

async function precompressFile(dir: string, file: string): Promise<PrecompressedFile> {
  const content = await readFile(file);
  const [brotliContent, gzipContent] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${file}.br`, brotliContent), writeFile(`${file}.gz`, gzipContent)]);
  return {
    file: path.relative(dir, file).split(path.sep).join('/'),
    bytes: content.length,
    brotliBytes: brotliContent.length,
    gzipBytes: gzipContent.length,
  };
}
