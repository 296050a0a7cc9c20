import { defineConfig } from '@pandacss/dev'

// Tokens and global styles for the client. Every colour pair used for text meets WCAG AA
// (4.5:1) in both themes; the `dark` condition matches `.dark` on the element or an ancestor.
export default defineConfig({
  preflight: true,
  jsxFramework: 'react',
  include: ['./src/client/**/*.{ts,tsx}'],
  exclude: [],
  outdir: 'src/styled-system',
  importMap: 'styled-system',
  conditions: {
    extend: {
      dark: '.dark &, .dark',
      // Only the validation state the form sets (spec §5: aria-invalid), never native :invalid,
      // which would paint every empty required input red before the user has typed.
      invalid: '&:is([data-invalid], [aria-invalid=true])',
    },
  },
  globalCss: {
    'html, body': {
      bg: 'bg',
      color: 'fg',
      fontFamily: 'body',
      WebkitFontSmoothing: 'antialiased',
    },
    // `&.dark`: the class sits on html itself (the `dark` condition's `.dark &` means an ancestor).
    html: { colorScheme: 'light', '&.dark': { colorScheme: 'dark' } },
    '*:focus-visible': { outline: '2px solid', outlineColor: 'accent', outlineOffset: '2px' },
  },
  theme: {
    extend: {
      tokens: {
        fonts: {
          body: {
            value: 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
          },
          serif: { value: 'ui-serif, Georgia, Cambria, "Times New Roman", Times, serif' },
        },
        // One stacking scale (Panda's preset defines none, so every layer is named here): the
        // sticky top bar, then the fixed feedback button, backdrops and dialogs over both, menus
        // and popovers (also inside dialogs), the toast region at spec §9's 1002, tooltips on top.
        zIndex: {
          hide: { value: -1 },
          base: { value: 0 },
          sticky: { value: 100 },
          docked: { value: 200 },
          overlay: { value: 900 },
          modal: { value: 950 },
          dropdown: { value: 980 },
          popover: { value: 980 },
          toast: { value: 1002 },
          tooltip: { value: 1003 },
        },
        durations: { page: { value: '300ms' } },
      },
      keyframes: {
        // spec §2: the default page animation is slide-up, 300 ms.
        slideUp: { from: { opacity: 0, transform: 'translateY(12px)' }, to: { opacity: 1, transform: 'translateY(0)' } },
        spin: { to: { transform: 'rotate(360deg)' } },
        toastIn: { from: { opacity: 0, transform: 'translateX(100%)' }, to: { opacity: 1, transform: 'translateX(0)' } },
        fadeIn: { from: { opacity: 0 }, to: { opacity: 1 } },
        drawerIn: { from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(0)' } },
      },
      semanticTokens: {
        colors: {
          bg: { value: { base: '{colors.white}', _dark: '{colors.slate.950}' } },
          'bg.subtle': { value: { base: '{colors.slate.50}', _dark: '{colors.slate.900}' } },
          'bg.muted': { value: { base: '{colors.slate.100}', _dark: '{colors.slate.800}' } },
          'bg.panel': { value: { base: '{colors.white}', _dark: '{colors.slate.900}' } },
          // The app shell behind panels: panels stand out from it in both themes.
          'bg.canvas': { value: { base: '{colors.slate.50}', _dark: '{colors.slate.950}' } },
          // The centred single-card layout's body: dark slate in both themes (spec §2).
          'bg.backdrop': { value: { base: '{colors.slate.900}', _dark: '{colors.slate.950}' } },
          'fg.backdrop': { value: { base: '{colors.indigo.200}', _dark: '{colors.indigo.200}' } },
          fg: { value: { base: '{colors.slate.900}', _dark: '{colors.slate.50}' } },
          'fg.muted': { value: { base: '{colors.slate.600}', _dark: '{colors.slate.300}' } },
          border: { value: { base: '{colors.slate.200}', _dark: '{colors.slate.700}' } },
          // Form controls need 3:1 against the page (WCAG 1.4.11 non-text contrast).
          'border.input': { value: { base: '{colors.slate.500}', _dark: '{colors.slate.400}' } },
          accent: { value: { base: '{colors.indigo.700}', _dark: '{colors.indigo.300}' } },
          'accent.hover': { value: { base: '{colors.indigo.800}', _dark: '{colors.indigo.200}' } },
          'accent.fg': { value: { base: '{colors.white}', _dark: '{colors.slate.950}' } },
          'accent.subtle': { value: { base: '{colors.indigo.50}', _dark: '{colors.indigo.950}' } },
          // The auth layout's coloured panel: white text on deep indigo in both themes.
          'brand.panel': { value: { base: '{colors.indigo.700}', _dark: '{colors.indigo.950}' } },
          'brand.panel.fg': { value: { base: '{colors.white}', _dark: '{colors.indigo.50}' } },
          'brand.panel.muted': { value: { base: '{colors.indigo.100}', _dark: '{colors.indigo.200}' } },
          danger: { value: { base: '{colors.red.700}', _dark: '{colors.red.300}' } },
          'danger.subtle': { value: { base: '{colors.red.50}', _dark: '{colors.red.950}' } },
          'danger.border': { value: { base: '{colors.red.200}', _dark: '{colors.red.800}' } },
          success: { value: { base: '{colors.green.700}', _dark: '{colors.green.300}' } },
          'success.subtle': { value: { base: '{colors.green.50}', _dark: '{colors.green.950}' } },
          'success.border': { value: { base: '{colors.green.200}', _dark: '{colors.green.800}' } },
          info: { value: { base: '{colors.blue.700}', _dark: '{colors.blue.300}' } },
          'info.subtle': { value: { base: '{colors.blue.50}', _dark: '{colors.blue.950}' } },
          'info.border': { value: { base: '{colors.blue.200}', _dark: '{colors.blue.800}' } },
          warning: { value: { base: '{colors.amber.800}', _dark: '{colors.amber.300}' } },
          'warning.subtle': { value: { base: '{colors.amber.50}', _dark: '{colors.amber.950}' } },
          'warning.border': { value: { base: '{colors.amber.200}', _dark: '{colors.amber.800}' } },
        },
      },
    },
  },
})
