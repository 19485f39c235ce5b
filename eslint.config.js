// ESLint: typescript-eslint's recommended rules with type information, and Lit's rules for the board.
import js from '@eslint/js';
import lit from 'eslint-plugin-lit';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // The framework examples are apps of their own (their own package.json, tsconfig and node_modules).
  {
    ignores: ['node_modules/', 'lib/', 'dist/', 'build/', 'assembly/', 'scratch/', 'examples/react/', 'examples/vue/', 'examples/svelte/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Unused names that start with _ are deliberate (destructuring a field away).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-duplicate-imports': 'error',
      // `Move | string` says on purpose that text is accepted where a move is (it is parsed).
      '@typescript-eslint/no-redundant-type-constituents': 'off',
    },
  },
  {
    // Vitest's asymmetric matchers (expect.any, expect.stringMatching) are typed `any`, and the
    // robustness tests pass values of the wrong type on purpose.
    files: ['tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
  { files: ['web/**/*.ts'], ...lit.configs['flat/recommended'] },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  { files: ['bin/*.js'], languageOptions: { globals: { process: 'readonly' } } },
);
