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
      // The server's messages (src/shared/messages) and the API table's texts (src/shared/api: the
      // calls' summaries and descriptions) share the client's catalogs: one message, one
      // translation, whichever side shows it.
      include: ['<rootDir>/src/client', '<rootDir>/src/shared/messages', '<rootDir>/src/shared/api'],
    },
  ],
})
