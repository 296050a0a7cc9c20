import {
  BookOpen,
  CloudAlert,
  CloudCheck,
  CloudUpload,
  GripVertical,
  Pencil,
  Trash2,
  type LucideIcon,
} from 'lucide-react'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { MASKS, type MaskIconName } from './mask-icon'

// The masks are written out by hand (the style is generated at build time): each must draw the
// same shapes as the lucide icon it stands for, at lucide's default stroke.
const LUCIDE: Record<MaskIconName, LucideIcon> = {
  pencil: Pencil,
  trash: Trash2,
  book: BookOpen,
  synced: CloudCheck,
  pending: CloudUpload,
  rejected: CloudAlert,
  grip: GripVertical,
}

/** The shapes of an SVG document: each element's name and attributes, in order. */
function shapes(svg: string) {
  return [...svg.matchAll(/<(path|circle|rect|line|polyline|polygon|ellipse)\s([^>]*?)\/?>/g)].map(
    ([, tag, attrs]) => ({
      tag,
      attrs: Object.fromEntries([...attrs!.matchAll(/([\w-]+)=["']([^"']*)["']/g)].map(([, k, v]) => [k, v])),
    }),
  )
}

/** A root attribute of an SVG document. */
const rootAttr = (svg: string, name: string) => new RegExp(`<svg[^>]*\\s${name}=["']([^"']*)["']`).exec(svg)?.[1]

test.each(Object.keys(MASKS) as MaskIconName[])('the %s mask draws lucide’s icon', (name) => {
  const url = /^url\("data:image\/svg\+xml,(.*)"\)$/.exec(MASKS[name])
  expect(url).not.toBeNull()
  const mask = decodeURIComponent(url![1]!)
  const lucide = renderToStaticMarkup(createElement(LUCIDE[name]))
  expect(shapes(mask)).toEqual(shapes(lucide))
  expect(shapes(mask).length).toBeGreaterThan(0)
  for (const attr of ['viewBox', 'fill', 'stroke-width', 'stroke-linecap', 'stroke-linejoin']) {
    const want = attr === 'fill' ? 'none' : rootAttr(lucide, attr)
    expect(rootAttr(mask, attr), attr).toBe(want)
  }
})
