import { cva } from 'styled-system/css'

// Icons a long list draws in every row, drawn by style instead of an <svg> element: a box of
// the text's colour, masked by the lucide icon. Every <svg> on screen is painted and composited
// again in each frame that paints the list (at CPU ×4 the frame after a search keystroke took
// about twice as long with the list's icons as elements). Decorative, like the icons they
// replace: the control around one names it. (A row's rating stars are drawn the same way by
// rating-stars.ts, whose stars change fill with an attribute.)
//
// Each mask is lucide's icon (`lucide-react`, the same paths at its default stroke of 2), written
// out here because the style is generated at build time; mask-icon.test.ts checks them against
// lucide's.

/** The masks, each lucide's icon as an SVG data URL. */
export const MASKS = {
  pencil: `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='M21.174 6.812a1 1 0 0 0-3.986-3.987L3.842 16.174a2 2 0 0 0-.5.83l-1.321 4.352a.5.5 0 0 0 .623.622l4.353-1.32a2 2 0 0 0 .83-.497z'/%3E%3Cpath d='m15 5 4 4'/%3E%3C/svg%3E")`,
  trash: `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='M10 11v6'/%3E%3Cpath d='M14 11v6'/%3E%3Cpath d='M19 6v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6'/%3E%3Cpath d='M3 6h18'/%3E%3Cpath d='M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2'/%3E%3C/svg%3E")`,
  book: `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='M12 5v16'/%3E%3Cpath d='M20.001 19A2 2 0 0022 17V5a2 2 0 00-1.999-2L16 3.002A5 5 0 0012 5a5 5 0 00-4-2H4a2 2 0 00-2 2v12a2 2 0 001.999 2H8a5 5 0 014 2 5 5 0 014-2z'/%3E%3C/svg%3E")`,
  synced: `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='m17 15-5.5 5.5L9 18'/%3E%3Cpath d='M5.516 16.07A7 7 0 1 1 15.71 8h1.79a4.5 4.5 0 0 1 3.501 7.327'/%3E%3C/svg%3E")`,
  pending: `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='M12 13v8'/%3E%3Cpath d='M4 14.899A7 7 0 1 1 15.71 8h1.79a4.5 4.5 0 0 1 2.5 8.242'/%3E%3Cpath d='m8 17 4-4 4 4'/%3E%3C/svg%3E")`,
  rejected: `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='M12 12v4'/%3E%3Cpath d='M12 20h.01'/%3E%3Cpath d='M8.128 16.949A7 7 0 1 1 15.71 8h1.79a1 1 0 0 1 0 9h-1.642'/%3E%3C/svg%3E")`,
  grip: `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='black' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Ccircle cx='9' cy='12' r='1'/%3E%3Ccircle cx='9' cy='5' r='1'/%3E%3Ccircle cx='9' cy='19' r='1'/%3E%3Ccircle cx='15' cy='12' r='1'/%3E%3Ccircle cx='15' cy='5' r='1'/%3E%3Ccircle cx='15' cy='19' r='1'/%3E%3C/svg%3E")`,
} as const

/** An icon drawn by style: `maskIcon({ icon: 'pencil', size: '18' })` on an empty span. */
export const maskIcon = cva({
  base: {
    display: 'inline-block',
    flexShrink: 0,
    bg: 'currentColor',
    maskSize: '100% 100%',
    maskRepeat: 'no-repeat',
    // Forced colours would paint the box in the page's background colour: the text's instead.
    _highContrast: { forcedColorAdjust: 'none', bg: 'CanvasText' },
  },
  variants: {
    icon: {
      pencil: { maskImage: MASKS.pencil },
      trash: { maskImage: MASKS.trash },
      book: { maskImage: MASKS.book },
      synced: { maskImage: MASKS.synced },
      pending: { maskImage: MASKS.pending },
      rejected: { maskImage: MASKS.rejected },
      grip: { maskImage: MASKS.grip },
    },
    /** In pixels, as lucide's `size`. */
    size: {
      '16': { w: '4', h: '4' },
      '18': { w: '18px', h: '18px' },
      '20': { w: '5', h: '5' },
      '24': { w: '6', h: '6' },
      '40': { w: '10', h: '10' },
    },
  },
  defaultVariants: { size: '18' },
})

export type MaskIconName = keyof typeof MASKS
