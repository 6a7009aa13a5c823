import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Imports flow one way: shared ← audit ← server; shared ← web; simulators stand apart from product
 * code. Matched on the import path, so it needs no resolver and adding a feature needs no edit.
 */
const layers = [
  {
    files: ['src/shared/**'],
    forbidden: ['audit', 'server', 'web', 'simulators'],
    message: 'src/shared imports nothing of ours.',
  },
  {
    files: ['src/audit/**'],
    forbidden: ['server', 'web', 'simulators'],
    message: 'src/audit imports only src/shared.',
  },
  { files: ['src/server/**'], forbidden: ['web'], message: 'The server never imports the web.' },
  { files: ['src/web/**'], forbidden: ['server', 'audit', 'simulators'], message: 'The web imports only src/shared.' },
  // Simulators may name our shared ids (fixture expectations) but keep their own Discord logic, so a bug in
  // the product's permission math cannot hide behind the same bug in the simulator.
  {
    files: ['src/simulators/**'],
    forbidden: ['server', 'web', 'audit'],
    message: 'Simulators stand in for third parties; they do not import product code.',
  },
];
const layerRules = (forbidden, message, extra = []) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          group: forbidden.flatMap((dir) => [
            `../${dir}/*`,
            `../../${dir}/*`,
            `../../../${dir}/*`,
            `../../../../${dir}/*`,
          ]),
          message,
        },
        ...extra,
      ],
    },
  ],
});
const featureIsolation = {
  group: ['../../features/*', '../../../features/*', '../../../../features/*'],
  message: 'Features do not import each other; move shared pieces down to components/ or src/shared.',
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
  ...layers.map(({ files, forbidden, message }) => ({ files, rules: layerRules(forbidden, message) })),
  {
    files: ['src/web/features/*/**/*.{ts,tsx}'],
    rules: layerRules(['server', 'audit', 'simulators'], 'The web imports only src/shared.', [featureIsolation]),
  },
  {
    files: ['scripts/**', 'bench/**', 'src/audit/cli.ts', 'src/server/main.ts', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
);
