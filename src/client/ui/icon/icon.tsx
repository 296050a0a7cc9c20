import { cx } from 'styled-system/css'
import { iconRecipe, type IconVariantProps } from './icon.recipe'
import { icons, isIconName, type IconName } from './registry'

export { icons, isIconName, type IconName }

export interface RootProps extends IconVariantProps {
  /** A registry name. Typed as IconName, but names arriving as data are checked at run time. */
  name: IconName | (string & {})
  /** Accessible name; without one the icon is decorative and hidden from assistive technology. */
  label?: string
  className?: string
}

/** Renders a registered lucide icon by name (an unknown name logs and renders nothing). */
export function Root({ name, label, size, className }: RootProps) {
  if (!isIconName(name)) {
    console.warn(`Icon not found: "${name}"`)
    return null
  }
  const Svg = icons[name]
  return (
    <Svg
      className={cx(iconRecipe({ size }), className)}
      aria-hidden={label ? undefined : true}
      aria-label={label}
      role={label ? 'img' : undefined}
      focusable="false"
    />
  )
}
