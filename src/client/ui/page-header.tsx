import { ark, type HTMLArkProps } from '@ark-ui/react/factory'
import { cx, sva } from 'styled-system/css'

/**
 * The title block at the top of a screen: the page's one h1 and an optional lead line under it.
 * Used as `import * as PageHeader from '~/client/ui/page-header'`. Root is a <header> with no
 * style of its own, so a screen can lay a control (a year picker, a badge) beside the title.
 */
export const pageHeaderRecipe = sva({
  slots: ['root', 'title', 'lead'],
  base: {
    root: {},
    // A long name in the title or lead breaks rather than widening a phone's screen.
    title: {
      fontSize: { base: '2xl', md: '3xl' },
      fontWeight: 'bold',
      letterSpacing: 'tight',
      overflowWrap: 'anywhere',
    },
    lead: { color: 'fg.muted', mt: '1', overflowWrap: 'anywhere' },
  },
})

const styles = pageHeaderRecipe()

export function Root({ className, ...props }: HTMLArkProps<'header'>) {
  return <ark.header className={cx(styles.root, className)} {...props} />
}
export function Title({ className, ...props }: HTMLArkProps<'h1'>) {
  return <ark.h1 className={cx(styles.title, className)} {...props} />
}
export function Lead({ className, ...props }: HTMLArkProps<'p'>) {
  return <ark.p className={cx(styles.lead, className)} {...props} />
}
