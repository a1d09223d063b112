import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'web/dist', 'data', 'db/migrations', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    // A promise nobody awaits loses its errors and its ordering (an un-awaited rate limit let every request through).
    files: ['server/**/*.ts', 'seed/**/*.ts', 'db/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.ts', 'bench/**/*.ts', 'common/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/await-thenable': 'error',
      'no-restricted-syntax': [
        'error',
        {
          // Drizzle's SQLite-only executors: services run on PostgreSQL too, where a query is awaited.
          selector: "CallExpression[arguments.length=0] > MemberExpression.callee[property.name=/^(get|all|run)$/]",
          message: 'Await the query instead (firstRow/changedRows from @db/store); .get(), .all() and .run() exist only on SQLite.',
        },
      ],
    },
  },
  {
    // A file past 400 lines holds more than one thing: split it into cohesive modules. Every line counts (blank lines
    // and comments too), as `wc -l` counts them. Tests, scripts and db/migrations (ignored above) are not held to it.
    files: ['server/**/*.{ts,tsx}', 'common/**/*.{ts,tsx}', 'db/**/*.{ts,tsx}', 'web/src/**/*.{ts,tsx}', 'seed/**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
