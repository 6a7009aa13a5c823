import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports flow one way: shared ← audit ← server; shared ← web; simulators stand apart from product code. */
const layerZones = [
  { target: './src/shared', from: ['./src/audit', './src/server', './src/web', './src/simulators'], message: 'src/shared imports nothing of ours.' },
  { target: './src/audit', from: ['./src/server', './src/web', './src/simulators'], message: 'src/audit imports only src/shared.' },
  { target: './src/server', from: ['./src/web'], message: 'The server never imports the web.' },
  { target: './src/web', from: ['./src/server', './src/audit', './src/simulators'], message: 'The web imports only src/shared.' },
  { target: './src/simulators', from: ['./src/server', './src/web', './src/audit'], message: 'Simulators stand in for third parties; they do not import the product.' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'drizzle/**', '.tmp/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/web/features/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../../features/*', '../../../features/*', '**/features/*/**'], message: 'Features do not import each other; move shared pieces down to components/ or src/shared.' }] },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'src/audit/cli.ts', 'src/server/main.ts', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
);
