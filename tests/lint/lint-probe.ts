import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Probe sources live at virtual paths that no tsconfig lists, so the type-aware rules cannot run on them;
 * everything else is eslint.config.js as `npm run lint` uses it.
 */
const withoutTypeInformation: Linter.Config = {
  files: ['**/*.{ts,tsx}'],
  languageOptions: { parserOptions: { projectService: false } },
  rules: {
    '@typescript-eslint/no-floating-promises': 'off',
    '@typescript-eslint/no-misused-promises': 'off',
  },
};

export const probeLinter = (extra: Linter.Config[] = []): ESLint =>
  new ESLint({ cwd: repoRoot, overrideConfig: [withoutTypeInformation, ...extra] });

export interface Finding {
  ruleId: string | null;
  message: string;
}

/** Lints `code` as if it were the file at `filePath` (relative to the repository root). */
export async function lintProbe(eslint: ESLint, filePath: string, code: string): Promise<Finding[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

const isModule = (name: string): boolean => /\.tsx?$/.test(name) && !/\.(test|spec|d)\.tsx?$/.test(name);

/**
 * The first source module found in `folder`. Probes import whatever the folder holds today, so they keep
 * working while files inside the folder are renamed or moved.
 */
export function someModuleIn(folder: string): string {
  const found = readdirSync(path.join(repoRoot, folder), { recursive: true, encoding: 'utf8' })
    .filter(isModule)
    .sort()[0];
  if (found === undefined) throw new Error(`No source module in ${folder}`);
  return path.posix.join(folder, found.split(path.sep).join('/'));
}

/** The import specifier that reaches `target` from the file at `from`, without its extension. */
export function specifierFrom(from: string, target: string): string {
  const relative = path.posix.relative(path.posix.dirname(from), target).replace(/\.tsx?$/, '');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/** A probe source that imports (and uses) the module `target` from the file at `from`. */
export const importing = (from: string, target: string): string =>
  `import * as imported from '${specifierFrom(from, target)}';\n\nexport const probe = imported;\n`;
