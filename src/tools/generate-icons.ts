// Renders the PWA icons from the one source, public/icon.svg, in Debian's Chromium:
//   node_modules/.bin/tsx src/tools/generate-icons.ts
// The PNGs are committed; run this again after changing the SVG.
import { chromium } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))
const svg = readFileSync(`${root}public/icon.svg`, 'utf8')
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`

// Maskable icons keep their content in the inner 80% safe zone on a full-bleed background.
const targets = [
  { file: 'icons/icon-192.png', size: 192, padding: 0, background: 'transparent' },
  { file: 'icons/icon-512.png', size: 512, padding: 0, background: 'transparent' },
  { file: 'icons/maskable-512.png', size: 512, padding: 0.12, background: '#4338ca' },
  { file: 'apple-touch-icon.png', size: 180, padding: 0.06, background: '#4338ca' },
]

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
const page = await browser.newPage()
for (const t of targets) {
  const inner = Math.round(t.size * (1 - 2 * t.padding))
  await page.setViewportSize({ width: t.size, height: t.size })
  await page.setContent(
    `<html><body style="margin:0;background:${t.background};display:grid;place-items:center;width:${t.size}px;height:${t.size}px">
     <img src="${dataUrl}" width="${inner}" height="${inner}"></body></html>`,
  )
  await page.screenshot({ path: `${root}public/${t.file}`, omitBackground: t.background === 'transparent' })
  console.log(`public/${t.file}`)
}
await browser.close()
