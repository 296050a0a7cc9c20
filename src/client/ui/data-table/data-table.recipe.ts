import { createAnatomy, menuAnatomy } from '@ark-ui/react/anatomy'
import { cva, sva } from 'styled-system/css'

const focusRing = { outline: '2px solid', outlineColor: 'accent', outlineOffset: '2px' } as const

// Ark has no table part: the anatomy is declared the way Ark declares its own. Row action menus
// use Ark Menu and its anatomy (rowMenuRecipe below).
export const dataTableAnatomy = createAnatomy('data-table').parts(
  'root',
  'toolbar',
  'searchLabel',
  'searchInput',
  'actions',
  'action',
  'scroller',
  'table',
  'headerCell',
  'sortButton',
  'row',
  'cell',
  'selectCell',
  'checkbox',
  'empty',
  'footer',
)

export const dataTableRecipe = sva({
  slots: dataTableAnatomy.keys(),
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '3', width: 'full', color: 'fg' },
    toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3' },
    searchLabel: { srOnly: true },
    searchInput: {
      width: { base: 'full', sm: '64' },
      height: '9',
      paddingX: '3',
      fontSize: 'sm',
      bg: 'bg',
      color: 'fg',
      borderWidth: '1px',
      // Input edges need 3:1 against the page (WCAG 1.4.11): border.input, not border.
      borderColor: 'border.input',
      borderRadius: 'md',
      _placeholder: { color: 'fg.muted' },
      _focusVisible: { outline: 'none', borderColor: 'accent', boxShadow: '0 0 0 1px token(colors.accent)' },
    },
    actions: { display: 'flex', flexWrap: 'wrap', gap: '2' },
    action: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '1.5',
      height: '9',
      paddingX: '3',
      borderRadius: 'md',
      borderWidth: '1px',
      borderColor: 'border',
      bg: 'bg',
      color: 'fg',
      fontSize: 'sm',
      fontWeight: 'medium',
      cursor: 'pointer',
      _hover: { _enabled: { bg: 'bg.muted' } },
      _focusVisible: focusRing,
      _disabled: { opacity: 0.5, cursor: 'not-allowed' },
      '&[data-variant=primary]': { bg: 'accent', color: 'accent.fg', borderColor: 'accent' },
      '&[data-variant=danger]': { color: 'danger', borderColor: 'danger' },
    },
    // relative: the sr-only header text (position: absolute) is clipped here, not by the page,
    // which it would otherwise widen at 390 px.
    scroller: { position: 'relative', width: 'full', overflowX: 'auto', borderWidth: '1px', borderColor: 'border', borderRadius: 'lg' },
    table: { width: 'full', borderCollapse: 'collapse', fontSize: 'sm' },
    headerCell: {
      paddingX: '3',
      paddingY: '2.5',
      textAlign: 'start',
      fontWeight: 'semibold',
      color: 'fg.muted',
      bg: 'bg.subtle',
      borderBottomWidth: '1px',
      borderColor: 'border',
      whiteSpace: 'nowrap',
      '&[data-align=end]': { textAlign: 'end' },
    },
    sortButton: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '1',
      font: 'inherit',
      color: 'inherit',
      cursor: 'pointer',
      borderRadius: 'sm',
      _hover: { color: 'fg' },
      _focusVisible: focusRing,
    },
    row: {
      borderBottomWidth: '1px',
      borderColor: 'border',
      _last: { borderBottomWidth: 0 },
      _hover: { bg: 'bg.subtle' },
      '&[data-selected]': { bg: 'accent.subtle' },
    },
    cell: {
      paddingX: '3',
      paddingY: '2.5',
      verticalAlign: 'middle',
      '&[data-align=end]': { textAlign: 'end' },
      '&[data-type=datetime], &[data-type=number]': { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
    },
    selectCell: { width: '10', paddingStart: '3', verticalAlign: 'middle' },
    checkbox: {
      width: '4',
      height: '4',
      accentColor: 'token(colors.accent)',
      cursor: 'pointer',
      _focusVisible: focusRing,
    },
    empty: { paddingY: '10', textAlign: 'center', color: 'fg.muted' },
    footer: { fontSize: 'sm', color: 'fg.muted' },
  },
})

export const rowMenuRecipe = sva({
  slots: menuAnatomy.keys(),
  base: {
    trigger: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: '8',
      height: '8',
      borderRadius: 'md',
      color: 'fg.muted',
      cursor: 'pointer',
      _hover: { bg: 'bg.muted', color: 'fg' },
      _focusVisible: focusRing,
    },
    // On the content: Zag's positioner copies the content's z-index inline (see ui/select.tsx).
    content: {
      zIndex: 'dropdown',
      minWidth: '40',
      padding: '1',
      bg: 'bg',
      color: 'fg',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'md',
      boxShadow: 'lg',
      outline: 'none',
    },
    item: {
      display: 'flex',
      alignItems: 'center',
      gap: '2',
      paddingX: '2',
      paddingY: '1.5',
      borderRadius: 'sm',
      fontSize: 'sm',
      cursor: 'pointer',
      '&[data-highlighted]': { bg: 'bg.muted' },
      '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
      '&[data-variant=danger]': { color: 'danger' },
    },
  },
})

// spec §2 "badges": status text on a tinted fill; each pair is AA (>= 4.5:1) in both themes.
export const badgeRecipe = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    paddingX: '2',
    paddingY: '0.5',
    borderRadius: 'full',
    fontSize: 'xs',
    fontWeight: 'semibold',
    whiteSpace: 'nowrap',
  },
  variants: {
    variant: {
      neutral: { bg: 'bg.muted', color: 'fg' },
      accent: { bg: 'accent.subtle', color: 'accent' },
      success: { bg: 'success.subtle', color: 'success' },
      info: { bg: 'info.subtle', color: 'info' },
      warning: { bg: 'warning.subtle', color: 'warning' },
      danger: { bg: 'danger.subtle', color: 'danger' },
    },
  },
  defaultVariants: { variant: 'neutral' },
})
