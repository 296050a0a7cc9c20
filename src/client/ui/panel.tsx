import { ark, type HTMLArkProps } from '@ark-ui/react/factory'
import { cva, cx, type RecipeVariantProps } from 'styled-system/css'

/**
 * The bordered surface screens group a block of content in (a stats section, a chart, a plan, a
 * settings zone). A section by default; `asChild` puts the style on a figure, a list item or a
 * div. Card is the kit's fuller part with header and footer slots; a Panel is only the surface,
 * so its content keeps the headings and layout the screen needs.
 */
export const panelRecipe = cva({
  base: {
    display: 'flex',
    bg: 'bg.panel',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'xl',
    minW: 0,
  },
  variants: {
    layout: {
      stack: { flexDirection: 'column' },
      // An icon or picture beside the text, both from the top.
      row: { flexDirection: 'row', alignItems: 'flex-start' },
    },
    padding: {
      sm: { p: '4' },
      // Smaller on phones, where the screen's own margin is narrow.
      md: { p: { base: '4', md: '5' } },
      lg: { p: '5' },
      xl: { p: '6' },
    },
    gap: { '3': { gap: '3' }, '4': { gap: '4' } },
    // Raised panels stand out of the page (choices side by side, links to other screens).
    raised: { true: { boxShadow: 'sm' } },
    tone: { neutral: {}, danger: { borderColor: 'danger.border' } },
  },
  defaultVariants: { layout: 'stack', padding: 'md', gap: '3', tone: 'neutral' },
})

export type PanelProps = HTMLArkProps<'section'> & RecipeVariantProps<typeof panelRecipe>

export function Panel({ className, layout, padding, gap, raised, tone, ...props }: PanelProps) {
  return <ark.section className={cx(panelRecipe({ layout, padding, gap, raised, tone }), className)} {...props} />
}
