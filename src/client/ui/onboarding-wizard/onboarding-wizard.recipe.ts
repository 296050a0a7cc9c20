import { paginationAnatomy } from '@ark-ui/react/anatomy'
import { sva } from 'styled-system/css'

// The wizard's parts (its own step list, see onboarding-wizard.tsx); pagination has its own recipe.
export const wizardRecipe = sva({
  slots: ['root', 'list', 'item', 'trigger', 'tick', 'name', 'description', 'main', 'content', 'empty', 'footer', 'actions'],
  base: {
    root: {
      display: 'grid',
      gap: { base: '6', md: '10' },
      gridTemplateColumns: { base: '1fr', md: '16rem minmax(0, 1fr)' },
      alignItems: 'start',
      width: 'full',
      color: 'fg',
    },
    list: { display: 'flex', flexDirection: 'column', gap: '1', listStyle: 'none', padding: 0, margin: 0 },
    item: { display: 'flex' },
    trigger: {
      display: 'grid',
      gridTemplateColumns: 'auto 1fr',
      columnGap: '3',
      rowGap: '0.5',
      width: 'full',
      padding: '3',
      borderRadius: 'md',
      textAlign: 'start',
      cursor: 'pointer',
      _hover: { bg: 'bg.muted' },
      focusRing: 'outside',
      '&[aria-current=step]': { bg: 'accent.subtle' },
    },
    // A tick per step, green for the current and earlier steps. The grey of later steps
    // and the green both keep 3:1 against the background (WCAG 1.4.11).
    tick: {
      gridRow: 'span 2',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: '6',
      height: '6',
      borderRadius: 'full',
      borderWidth: '2px',
      borderColor: 'fg.muted',
      color: 'fg.muted',
      fontSize: 'xs',
      fontWeight: 'semibold',
      fontVariantNumeric: 'tabular-nums',
      '&[data-reached]': { borderColor: 'success', bg: 'success', color: 'bg' },
    },
    name: { fontWeight: 'semibold', fontSize: 'sm' },
    description: { fontSize: 'sm', color: 'fg.muted' },
    main: { display: 'flex', flexDirection: 'column', gap: '6', minWidth: 0 },
    content: { focusRing: 'outside', borderRadius: 'sm' },
    empty: { paddingY: '10', textAlign: 'center', color: 'fg.muted' },
    footer: {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: '4',
      paddingTop: '4',
      borderTopWidth: '1px',
      borderColor: 'border',
    },
    actions: { display: 'flex', gap: '2', marginStart: 'auto' },
  },
})

const pageButton = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '1',
  minWidth: '9',
  height: '9',
  paddingX: '2',
  borderRadius: 'md',
  fontSize: 'sm',
  color: 'fg',
  cursor: 'pointer',
  _hover: { bg: 'bg.muted' },
  focusRing: 'outside',
  _disabled: { opacity: 0.5, cursor: 'not-allowed', _hover: { bg: 'transparent' } },
} as const

export const paginationRecipe = sva({
  slots: paginationAnatomy.keys(),
  base: {
    root: { display: 'flex', alignItems: 'center', gap: '1', flexWrap: 'wrap' },
    prevTrigger: pageButton,
    // The way forward stands out from the page numbers: the step's own next move.
    nextTrigger: { ...pageButton, paddingX: '3', borderWidth: '1px', borderColor: 'border.input', fontWeight: 'medium' },
    item: { ...pageButton, '&[aria-current=page]': { bg: 'accent', color: 'accent.fg', _hover: { bg: 'accent' } } },
    ellipsis: { paddingX: '1', color: 'fg.muted' },
  },
})
