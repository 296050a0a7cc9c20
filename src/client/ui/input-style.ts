// The look of a text input (kit fields, search boxes, the public page's lean filters), as a plain
// style object so pages that skip Ark's Field machinery still share it.
export const inputStyle = {
  w: 'full',
  h: '10',
  px: '3',
  fontSize: 'md',
  bg: 'bg',
  color: 'fg',
  borderWidth: '1px',
  borderColor: 'border.input',
  borderRadius: 'md',
  _placeholder: { color: 'fg.muted' },
  _focusVisible: { outline: 'none', borderColor: 'accent', boxShadow: '0 0 0 1px token(colors.accent)' },
} as const
