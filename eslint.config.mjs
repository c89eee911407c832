// ESLint 9 flat config: typescript-eslint's type-aware recommended and stylistic sets on the TypeScript, the untyped
// recommended sets on the JavaScript (scripts, bench, bin: there are no types to check there). Prettier owns layout.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {ignores: ['dist/', 'node_modules/', 'coverage/', 'bench/.data/', '.ci/', 'examples/', 'templates/', 'schemas/', 'test/fixtures/', 'test/**/fixtures/']},
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      globals: globals.node,
      // generate.ts is run by tsx and imported by nothing, so it is in no tsconfig's program.
      parserOptions: {projectService: {allowDefaultProject: ['vitest.config.ts', 'scripts/capabilities-v2/generate.ts']}, tsconfigRootDir: import.meta.dirname},
    },
    linterOptions: {reportUnusedDisableDirectives: 'error'},
    rules: {
      // `_name` marks a binding left unused on purpose: a key dropped by rest destructuring, a parameter a signature needs.
      '@typescript-eslint/no-unused-vars': ['error', {argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true}],
      // The display layer exists to find control characters in untrusted text; matching them is its job, not a typo.
      'no-control-regex': 'off',
      // An empty arrow is the house no-op callback (a progress sink that ignores ticks, a listener that swallows EPIPE).
      '@typescript-eslint/no-empty-function': ['error', {allow: ['arrowFunctions']}],
      // `text.trim() || fallback` and `env.X || default` treat an empty string as absent on purpose; `??` would keep ''.
      '@typescript-eslint/prefer-nullish-coalescing': ['error', {ignorePrimitives: {string: true}}],
      // The code base never uses the `!` operator: an assertion names the type it asserts (`as string`), so it reads alone.
      '@typescript-eslint/non-nullable-type-assertion-style': 'off',
    },
  },
  {
    // Tests parse the CLI's JSON output and assert on it: expect() is the shape check, so typing each parse adds nothing.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // Everything in bin/ is CommonJS (bin/package.json).
    files: ['bin/**/*.js', '**/*.cjs'],
    languageOptions: {sourceType: 'commonjs'},
    rules: {'@typescript-eslint/no-require-imports': 'off'},
  },
);
