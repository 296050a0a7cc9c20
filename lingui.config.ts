import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

// spec §1: English (source) and Spanish; catalogs are compiled to TypeScript at build time.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: '<rootDir>/src/client/i18n/locales/{locale}/messages',
      include: ['<rootDir>/src/client'],
    },
  ],
})
