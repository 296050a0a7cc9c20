import type { ReactNode } from 'react'
import { Button, type ButtonProps } from '../button'
import { useFormMeta } from './context'

/** The form's one submit button; shows a spinner while submitting. */
export function Submit({ children, ...props }: Omit<ButtonProps, 'type' | 'loading'> & { children: ReactNode }) {
  const { submitting, offline } = useFormMeta()
  return (
    <Button size="lg" fullWidth {...props} type="submit" loading={submitting} disabled={offline || props.disabled}>
      {children}
    </Button>
  )
}
