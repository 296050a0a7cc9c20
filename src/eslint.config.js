// ESLint flat config (kept under src/: the design card fixes the top level).
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'src/styled-system/**',
      'src/client/route-tree.gen.ts',
      'src/client/i18n/locales/*/messages.mjs',
      'dist/**',
      'src/server/db/migrations/**',
      'tests/.output/**',
      '.vitest/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // architecture.md rule 9: one wrapper module per library.
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'dexie', message: 'Only src/client/db imports dexie.' },
            { name: 'ky', message: 'Use src/client/lib/http.' },
          ],
          // architecture.md rule 3, issue 15 item 6: response shapes live in src/shared; the
          // client never imports from src/server, not even a type.
          patterns: [{ group: ['~/server/*', '**/server/*'], message: 'Import shared shapes from src/shared.' }],
        },
      ],
    },
  },
  {
    files: ['src/client/lib/http.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['~/server/*', '**/server/*'], message: 'Import shared shapes from src/shared.' }] },
      ],
    },
  },
  {
    // Imports flow shared → client/server: shared code has no DOM or Node dependencies on them.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['~/client/*', '~/server/*', '../client/*', '../server/*'] }],
    },
  },
)
