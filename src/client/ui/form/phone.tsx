import { TextLike, type TextLikeProps } from './number'

export { PHONE_PATTERN, phonePattern } from './rules'

/** Phone: optional plus, then 7 to 15 digits with optional single spaces (phonePattern). */
export function Phone(props: TextLikeProps) {
  return <TextLike type="tel" inputMode="tel" autoComplete="tel" spellCheck={false} {...props} />
}
