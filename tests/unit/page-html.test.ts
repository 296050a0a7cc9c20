import { expect, test } from 'vitest'
import { pageHtml } from '~/server/public-page'

// A server-rendered light page (the public list, the signed-out screens) is the app's shell with
// the app's code taken out: a light page that also fetched the app's entry or the app's route
// chunks would load what it was made to avoid (seen: /signin fetching ~200 KB of app chunks).
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <script src="/assets/route-preload-1a2b3c4d.js"></script>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/boot-def.js">
  </head>
  <body><div id="root"></div></body>
</html>`

test('a rendered page keeps only its light entry: no app entry, no app preloads, no route preload', () => {
  const html = pageHtml(SHELL, {
    locale: 'es',
    theme: 'light',
    scripts: '<script type="module" crossorigin src="/assets/auth-main-xyz.js"></script>',
    markup: '<p>Hola</p>',
    dataId: 'tbr-auth-data',
    data: { a: 1 },
  })
  expect(html).toContain('<html lang="es"')
  expect(html).toContain('/assets/auth-main-xyz.js')
  expect(html).toContain('<div id="root"><p>Hola</p></div>')
  expect(html).not.toContain('route-preload')
  expect(html).not.toContain('index-abc.js')
  expect(html).not.toContain('boot-def.js')
})
