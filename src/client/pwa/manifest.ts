import type { ManifestOptions } from 'vite-plugin-pwa'
import { THEME_COLOR } from '../../shared/theme-color.ts'

// The web app manifest (issue: installable PWA). Built into manifest.webmanifest by
// vite-plugin-pwa; tests/e2e/pwa.spec.ts checks its fields and Chromium's installability.
export const manifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'TBR — your to-be-read list',
  short_name: 'TBR',
  description: 'Keep the books you mean to read, rate and review them, and share your list. Works offline.',
  lang: 'en',
  dir: 'ltr',
  start_url: '/dashboard?source=pwa',
  scope: '/',
  display: 'standalone',
  display_override: ['window-controls-overlay', 'standalone'],
  orientation: 'any',
  theme_color: THEME_COLOR.light,
  background_color: '#ffffff',
  categories: ['books', 'lifestyle', 'productivity'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  ],
  // Richer install dialogs show these (Chromium: one wide for desktop, narrow for phones). Captured
  // by `npm run screenshots` (src/tools/capture-screenshots.ts); `sizes` is the PNG's real size,
  // which tests/e2e/pwa.spec.ts checks. Not precached (vite.config.ts ignores screenshots/**).
  screenshots: [
    {
      src: '/screenshots/narrow-books.png',
      sizes: '780x1688',
      type: 'image/png',
      form_factor: 'narrow',
      label: 'Your to-be-read list on a phone: add, rate and review books, even offline',
    },
    {
      src: '/screenshots/wide-dashboard.png',
      sizes: '1280x800',
      type: 'image/png',
      form_factor: 'wide',
      label: 'The dashboard: your books, who viewed your shared list, and your reading at a glance',
    },
  ],
  shortcuts: [
    {
      name: 'Add a book',
      short_name: 'Add',
      url: '/books/new?source=shortcut',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
    {
      name: 'My list',
      short_name: 'List',
      url: '/books?source=shortcut',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
  ],
  // Sharing a retailer link or a title from another app opens /books/new, which adds the book
  // through the outbox, so it works offline too. GET keeps it a plain navigation (served offline).
  share_target: {
    action: '/books/new',
    method: 'GET',
    enctype: 'application/x-www-form-urlencoded',
    params: { title: 'title', text: 'text', url: 'url' },
  },
}
