import { Link } from '@tanstack/react-router'
import { ChevronRight } from 'lucide-react'
import { css } from 'styled-system/css'

// Account layout: a page title with breadcrumbs, each a name and a url.
export interface Crumb {
  name: string
  url: string
}

const styles = {
  list: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '1', listStyle: 'none', m: '0', p: '0', fontSize: 'sm', color: 'fg.muted' }),
  item: css({ display: 'inline-flex', alignItems: 'center', gap: '1' }),
  link: css({ color: 'fg.muted', textDecoration: 'underline', textUnderlineOffset: '2px', textDecorationColor: 'border.input', borderRadius: 'sm', _hover: { color: 'fg' } }),
  current: css({ color: 'fg', fontWeight: 'medium' }),
}

/**
 * The trail to the current page; the last crumb is the current page and is not a link. A trail
 * of one (a section's own page) says nothing the title does not, so it is not shown.
 */
export function Breadcrumbs({ items, label }: { items: Crumb[]; label: string }) {
  if (items.length < 2) return null
  return (
    <nav aria-label={label}>
      <ol className={styles.list}>
        {items.map((crumb, i) => {
          const last = i === items.length - 1
          return (
            <li key={crumb.url} className={styles.item}>
              {last ? (
                <span aria-current="page" className={styles.current}>
                  {crumb.name}
                </span>
              ) : (
                <>
                  <Link to={crumb.url} className={styles.link}>
                    {crumb.name}
                  </Link>
                  <ChevronRight aria-hidden size={14} />
                </>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
