import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importBoundaries } from './eslint/import-boundaries.js';

const kebabCase = 'KEBAB_CASE';
/** File and folder names are kebab-case; what follows the first dot (`.test.ts`, `.db.test.ts`, `.d.ts`) is free. */
const fileNames = {
  files: ['{src,tests,bench,scripts}/**/*.{ts,tsx,js,mjs}'],
  plugins: { 'check-file': checkFile },
  rules: {
    'check-file/filename-naming-convention': ['error', { '**/*': kebabCase }, { ignoreMiddleExtensions: true }],
    'check-file/folder-naming-convention': ['error', { '{src,tests,bench,scripts}/**/': kebabCase }],
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'drizzle/**', '.tmp/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // A promise nobody awaits or catches loses its error; one passed where a callback returns nothing does too.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  { ...jsxA11y.flatConfigs.recommended, files: ['src/web/**/*.tsx'] },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  ...importBoundaries,
  fileNames,
  {
    files: ['scripts/**', 'bench/**', 'src/audit/cli.ts', 'src/server/main.ts', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
);
