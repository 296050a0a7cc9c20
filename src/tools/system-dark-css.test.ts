import postcss from 'postcss'
import { expect, test } from 'vitest'
import { systemDarkCss } from './system-dark-css'

const run = async (css: string) => (await postcss([systemDarkCss()]).process(css, { from: undefined })).css

test('every dark rule gets a system-dark twin under the dark system theme, in the same layer and place', async () => {
  const out = await run(
    '@layer tokens { :root { --c: white } .dark { --c: black } }\n' +
      '@layer utilities { .dark .dark\\:c_red, .dark\\:c_red.dark { color: red } .x { color: blue } }',
  )
  expect(out).toBe(
    '@layer tokens { :root { --c: white } .dark { --c: black } @media (prefers-color-scheme: dark) { .system-dark { --c: black } } }\n' +
      '@layer utilities { .dark .dark\\:c_red, .dark\\:c_red.dark { color: red } @media (prefers-color-scheme: dark) { .system-dark .dark\\:c_red, .dark\\:c_red.system-dark { color: red } } .x { color: blue } }',
  )
})

test('leaves alone what is not the dark class: other classes starting with "dark", keyframes, plain rules', async () => {
  const css = '.darker { color: gray } .dark-x { color: red } .dark\\:c_red { color: red } @keyframes k { from { opacity: 0 } }'
  expect(await run(css)).toBe(css)
})

test('a selector list twins only its dark selectors; a responsive rule keeps its media', async () => {
  const out = await run('@media (min-width: 40em) { html.dark, .y { color-scheme: dark } }')
  expect(out).toBe(
    '@media (min-width: 40em) { html.dark, .y { color-scheme: dark } @media (prefers-color-scheme: dark) { html.system-dark { color-scheme: dark } } }',
  )
})
