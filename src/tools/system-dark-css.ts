import type { PluginCreator, Rule } from 'postcss'

/**
 * A PostCSS pass after Panda (vite.config.ts and src/client/public/vite.config.ts): every rule
 * the `dark` condition made (`.dark …`) gets a twin for `.system-dark` inside
 * `@media (prefers-color-scheme: dark)`, right after it (same cascade layer and order).
 *
 * Why: a page's HTML paints before any script runs, and the server cannot know the visitor's
 * system theme. Signed out, the mode IS the system's, so the shell's <html> carries
 * `system-dark` and the first paint follows the system through CSS alone; once the page's code
 * knows the mode in force it sets `dark` or nothing and drops `system-dark`
 * (lib/display-mode.ts). See decision 52.
 */
const DARK = /\.dark(?![\w\\-])/g

export const systemDarkCss: PluginCreator<void> = () => ({
  postcssPlugin: 'tbr-system-dark',
  OnceExit(root, { AtRule }) {
    const twins: [Rule, Rule][] = []
    root.walkRules((rule) => {
      if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as { name: string }).name)) return
      const dark = rule.selectors.filter((s) => s.match(DARK) !== null)
      if (dark.length === 0) return
      twins.push([rule, rule.clone({ selectors: dark.map((s) => s.replace(DARK, '.system-dark')) })])
    })
    for (const [rule, twin] of twins) {
      rule.after(new AtRule({ name: 'media', params: '(prefers-color-scheme: dark)', nodes: [twin] }))
    }
  },
})
systemDarkCss.postcss = true
