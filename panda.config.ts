import { defineConfig, type LayerStyles } from '@pandacss/dev'

// The kit's shared style runs live here, not in objects imported into recipes: Panda extracts
// `css`/`sva`/`cva` arguments statically and does not follow every import, so a shared object
// could leave a class out of the CSS without a warning. The config is evaluated, so layer styles
// and utilities defined here always reach the stylesheet.

// Focused by keyboard: the accent outline (the same as the global `*:focus-visible` rule, for
// elements that set their own outline or show another element's focus, as Ark's controls do).
const FOCUS_VISIBLE = '&:is(:focus-visible, [data-focus-visible])'
const FOCUS_WITHIN_INPUT = '&:has(input:focus-visible)'

// A text input's look: its edge meets 3:1 against the page (WCAG 1.4.11: border.input, not
// border), and keyboard focus thickens the edge in the accent instead of an outline (in the
// danger colour while the field is invalid).
const inputSkin = {
  backgroundColor: 'bg',
  color: 'fg',
  borderWidth: '1px',
  borderColor: 'border.input',
  borderRadius: 'md',
  _placeholder: { color: 'fg.muted' },
  _focusVisible: { outline: 'none', borderColor: 'accent', boxShadow: '0 0 0 1px token(colors.accent)' },
  _invalid: {
    borderColor: 'danger',
    _focusVisible: { borderColor: 'danger', boxShadow: '0 0 0 1px token(colors.danger)' },
  },
}

// What floats over the page: the select, combobox, menu and date popovers. The layer goes on the
// content, not the positioner: Zag's positioner sets an inline `z-index: var(--z-index)` copied
// from the content's computed z-index, which overrides a class on the positioner (with none on
// the content the list opened behind a dialog).
const popover = {
  zIndex: 'dropdown',
  backgroundColor: 'bg.panel',
  color: 'fg',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'md',
  boxShadow: 'lg',
  outline: 'none',
  _open: { animation: 'fadeIn 0.12s' },
  _motionReduce: { animation: 'none!' },
}

// Panda types a layer style's values as plain CSS (and only visual properties); these name the
// theme's tokens and conditions, which it resolves when it builds the CSS.
const layerStyles = {
  // A single-line text control: inputs, the select and date triggers, search boxes.
  input: { value: { width: 'full', height: '10', paddingInline: '3', fontSize: 'md', ...inputSkin } },
  // The same look at a size of its own (a textarea, a code's slots).
  inputSkin: { value: inputSkin },
  // A quiet icon button (close, clear, show password, a row's menu): muted until pointed at.
  // Each place gives its size.
  iconButton: {
    value: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      borderRadius: 'md',
      color: 'fg.muted',
      cursor: 'pointer',
      _hover: { backgroundColor: 'bg.muted', color: 'fg' },
    },
  },
  popover: { value: popover },
  // A popover listing options as wide as its trigger (the select's and the combobox's); each
  // gives its height.
  listbox: {
    value: {
      ...popover,
      display: 'flex',
      flexDirection: 'column',
      gap: '0.5',
      padding: '1',
      minWidth: 'var(--reference-width)',
      overflowY: 'auto',
    },
  },
} as unknown as LayerStyles

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
  utilities: {
    extend: {
      // Replaces Panda's own `focusRing` (which follows :focus and a blue default) with the
      // accent ring on keyboard focus: `outside` (2px off the edge), `inside` (for parts whose
      // container clips), `within` (a label or card whose visually hidden input has the focus).
      focusRing: {
        className: 'focus-ring',
        values: ['outside', 'inside', 'within'],
        transform(value: string, { token }) {
          const ring = {
            outline: '2px solid',
            outlineColor: token('colors.accent'),
            outlineOffset: value === 'inside' ? '-2px' : '2px',
          }
          return { [value === 'within' ? FOCUS_WITHIN_INPUT : FOCUS_VISIBLE]: ring }
        },
      },
    },
  },
  theme: {
    extend: {
      layerStyles,
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
