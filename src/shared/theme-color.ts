/** The title-bar colours (index.html's theme-color metas, the manifest, the chosen mode). */
export const THEME_COLOR = { light: '#4338ca', dark: '#020617' } as const
