// ESLint flat config (kept under src/: the design card fixes the top level).
import tseslint from 'typescript-eslint'
import { importZones } from './eslint/import-zones.js'
import { libraries, zones } from './eslint/zones.js'

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
    // The architecture's import boundaries (eslint/zones.js lists them, one line of why each).
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    plugins: { architecture: { rules: { 'import-zones': importZones } } },
    rules: { 'architecture/import-zones': ['error', { zones, libraries }] },
  },
)
