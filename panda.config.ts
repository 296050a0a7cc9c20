import { defineConfig } from '@pandacss/dev'

export default defineConfig({
  preflight: true,
  jsxFramework: 'react',
  include: ['./src/client/**/*.{ts,tsx}'],
  exclude: [],
  outdir: 'src/styled-system',
  importMap: 'styled-system',
  conditions: { extend: { dark: '.dark &, .dark' } },
  theme: {
    extend: {
      semanticTokens: {
        colors: {
          bg: { value: { base: '{colors.white}', _dark: '{colors.slate.950}' } },
          'bg.subtle': { value: { base: '{colors.slate.50}', _dark: '{colors.slate.900}' } },
          'bg.muted': { value: { base: '{colors.slate.100}', _dark: '{colors.slate.800}' } },
          fg: { value: { base: '{colors.slate.900}', _dark: '{colors.slate.50}' } },
          'fg.muted': { value: { base: '{colors.slate.600}', _dark: '{colors.slate.300}' } },
          border: { value: { base: '{colors.slate.200}', _dark: '{colors.slate.700}' } },
          accent: { value: { base: '{colors.indigo.700}', _dark: '{colors.indigo.300}' } },
          'accent.fg': { value: { base: '{colors.white}', _dark: '{colors.slate.950}' } },
          'accent.subtle': { value: { base: '{colors.indigo.50}', _dark: '{colors.indigo.950}' } },
          danger: { value: { base: '{colors.red.700}', _dark: '{colors.red.300}' } },
          success: { value: { base: '{colors.green.700}', _dark: '{colors.green.300}' } },
          info: { value: { base: '{colors.blue.700}', _dark: '{colors.blue.300}' } },
          warning: { value: { base: '{colors.amber.800}', _dark: '{colors.amber.300}' } },
          // Tinted fills behind status text (badges, stat-card arrows): the text tokens above keep
          // WCAG AA contrast (>= 4.5:1) on these in both themes.
          'success.subtle': { value: { base: '{colors.green.50}', _dark: '{colors.green.950}' } },
          'danger.subtle': { value: { base: '{colors.red.50}', _dark: '{colors.red.950}' } },
          'warning.subtle': { value: { base: '{colors.amber.50}', _dark: '{colors.amber.950}' } },
          'info.subtle': { value: { base: '{colors.blue.50}', _dark: '{colors.blue.950}' } },
        },
      },
    },
  },
})
