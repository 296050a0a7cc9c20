import { token } from 'styled-system/tokens'

// Chart colours are Panda's semantic tokens as CSS variables, so the charts follow the light and
// dark themes (the `.dark` class swaps the variables) without re-rendering.
export const chartColors = {
  bar: token.var('colors.accent'),
  line: token.var('colors.accent'),
  area: token.var('colors.accent.subtle'),
  axis: token.var('colors.border.input'),
  grid: token.var('colors.border'),
  label: token.var('colors.fg.muted'),
  text: token.var('colors.fg'),
  surface: token.var('colors.bg.panel'),
  not_started: token.var('colors.fg.muted'),
  reading: token.var('colors.info'),
  finished: token.var('colors.success'),
} as const

export const axisLabelProps = { fill: chartColors.label, fontSize: 11, fontFamily: 'inherit' } as const
