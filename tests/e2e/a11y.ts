import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

export interface A11yOptions {
  /** Report only serious and critical violations. */
  seriousOnly?: boolean
  /** Selectors axe leaves out (e.g. a hidden frame no one sees). */
  exclude?: (string | string[])[]
  /**
   * Only the rules about colour (contrast, links told apart from text). For the second mode of a
   * screen already scanned in full in the other: the markup is the same, the colours are not.
   */
  colorsOnly?: boolean
}

/**
 * Runs axe's WCAG 2.1 A/AA rules (contrast included) on what the page shows now. Waits for
 * running animations to end first: mid-way through the 300 ms page slide-up the content is
 * partly transparent, and axe would measure the contrast of a frame no reader dwells on.
 */
export async function expectAccessible(page: Page, label: string, options: A11yOptions = {}) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  )
  let builder = options.colorsOnly
    ? new AxeBuilder({ page }).withRules(['color-contrast', 'link-in-text-block'])
    : new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector)
  const { violations } = await builder.analyze()
  const reported = options.seriousOnly ? violations.filter((v) => v.impact === 'serious' || v.impact === 'critical') : violations
  expect(reported.map((v) => `${label}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([])
}
