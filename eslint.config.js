// @ts-check
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'docs/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      // Async is part of several contracts here (SDK tool handlers, target sources): a promise
      // is returned on purpose even where nothing is awaited.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests assert on parsed JSON (`JSON.parse` is `any`) and on third-party fixtures' shapes.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
  {
    // Probes (which send) and src/net (the scanner's own loopback listeners) are the only code that
    // touches the network.
    files: ['src/**/*.ts'],
    ignores: ['src/probe/**', 'src/net/**', 'src/demo/**', 'src/cli/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: ['undici', 'node:http', 'node:https', 'node:net', 'node:tls', 'node:dns'] },
      ],
      'no-restricted-globals': ['error', 'fetch'],
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/cli/**', 'src/demo/**', 'src/tools/**'],
    rules: { 'no-console': 'error' },
  },
  { files: ['**/*.js', '**/*.cjs', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  // CommonJS config files (dependency-cruiser) run under Node's module scope.
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
  prettier,
);
