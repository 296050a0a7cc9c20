import { createAnatomy } from '@ark-ui/react/anatomy'
import { sva } from 'styled-system/css'

export const cardGridAnatomy = createAnatomy('card-grid').parts('root', 'item')

export const cardGridRecipe = sva({
  slots: cardGridAnatomy.keys(),
  base: {
    root: {
      display: 'grid',
      gap: '4',
      gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
      listStyle: 'none',
      padding: 0,
      margin: 0,
    },
    // A card never widens its column: its own min-content (a long unbroken title) must not
    // push it past the track, so the child may shrink below it too.
    item: { display: 'flex', minWidth: 0, '& > *': { flex: '1', minWidth: 0 } },
  },
  variants: {
    // The dashboard's four statistic cards sit on one row on wide screens; the account hub's
    // eight link cards need narrower columns.
    columns: {
      2: {},
      3: { root: { gridTemplateColumns: { lg: 'repeat(3, minmax(0, 1fr))' } } },
      4: { root: { gridTemplateColumns: { lg: 'repeat(4, minmax(0, 1fr))' } } },
    },
  },
  defaultVariants: { columns: 3 },
})
