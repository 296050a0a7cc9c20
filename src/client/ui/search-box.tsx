import { Search } from 'lucide-react'
import type { InputHTMLAttributes } from 'react'
import { css } from 'styled-system/css'

// A search field with its magnifier inside, at the start: the kit's input look. The caller labels
// it (a <label htmlFor> or aria-label), as any input.

const styles = {
  box: css({ position: 'relative' }),
  icon: css({
    position: 'absolute',
    insetStart: '3',
    top: '50%',
    transform: 'translateY(-50%)',
    color: 'fg.muted',
    pointerEvents: 'none',
  }),
  input: css({ layerStyle: 'input', ps: '9' }),
}

const ICON = <Search aria-hidden size={16} className={styles.icon} />

export function SearchBox(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'>) {
  return (
    <div className={styles.box}>
      {ICON}
      <input type="search" autoComplete="off" enterKeyHint="search" {...props} className={styles.input} />
    </div>
  )
}
