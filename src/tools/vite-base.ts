import { lingui } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import pandacss from '@pandacss/dev/postcss'
import react from '@vitejs/plugin-react'
import { loadEnv, type UserConfig } from 'vite'
import { systemDarkCss } from './system-dark-css.ts'

// What every Vite build of the client shares: the app's (vite.config.ts) and the server-rendered
// pages' light entries (src/client/public/vite.config.ts).

// toolchain.md: plugin-react 6 has no babel option, so the Lingui macro runs through
// @rolldown/plugin-babel.
export const basePlugins = () => [babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), react(), lingui()]

// Panda runs as a PostCSS plugin, so no postcss.config file is needed (toolchain.md #7); then
// the dark rules' system-dark twins for the first paint (decision 52).
export const baseCss: UserConfig['css'] = { postcss: { plugins: [pandacss() as never, systemDarkCss() as never] } }

// The auth layout's logo links to the marketing site, the server's MARKETING_URL (read
// from the environment or .env as the server reads it), stamped in at build time; unset, it is
// empty and the logo links to `/` (src/client/lib/config.ts). It is read, never assigned to
// process.env: assigning undefined there stores the string "undefined" (the logo led to /undefined).
export const marketingUrl = (rootDir: string) => loadEnv('', rootDir, 'MARKETING_URL').MARKETING_URL ?? ''
