// Type-aware rules for the TypeScript sources, run by `npm run lint` after the layer lint
// (scripts/lint.mjs), which enforces which folder may import which and that no imports cycle.
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'release/**',
      'test-results/**',
      'playwright-report/**',
      'node_modules/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs'
    ]
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.ts', 'e2e/**/*.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: {
        project: ['./tsconfig.node.json', './tsconfig.web.json'],
        tsconfigRootDir: import.meta.dirname
      }
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      // `any` turns the type checker off where it is used; `unknown` plus a zod parse or a narrowing says what is known.
      '@typescript-eslint/no-explicit-any': 'error',
      // Casts only as `x as T`, and never to dress an object literal up as a type (annotate it instead).
      '@typescript-eslint/consistent-type-assertions': [
        'error',
        { assertionStyle: 'as', objectLiteralTypeAssertions: 'never' }
      ],
      // A promise nobody awaits or catches loses its error; a deliberate fire-and-forget says `void`.
      '@typescript-eslint/no-floating-promises': 'error',
      // No async function where the caller expects a plain value (an event handler, a condition).
      '@typescript-eslint/no-misused-promises': 'error',
      // `await` only on something that can be awaited.
      '@typescript-eslint/await-thenable': 'error',
      // A new member of a union (an event, a block type, a status) must be handled wherever it is switched on.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true }
      ]
    }
  },
  {
    // Hooks called in the same order on every render, and effects that list what they read.
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error'
    }
  }
)
