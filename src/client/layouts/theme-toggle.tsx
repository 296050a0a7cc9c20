import { useLingui } from '@lingui/react/macro'
import { Moon, Sun } from 'lucide-react'
import { useSession } from '~/client/lib/session'
import { Button } from '~/client/ui/button'
import { changeDarkMode } from './preferences'

/** spec §2 user menu: a Light mode or Dark mode toggle, saved on the server (spec §4). */
export function ThemeToggle() {
  const { t } = useLingui()
  const { dark } = useSession()
  const label = dark ? t`Light mode` : t`Dark mode`
  return (
    <Button variant="ghost" size="icon" aria-label={label} title={label} onClick={() => void changeDarkMode(!dark)}>
      {dark ? <Sun aria-hidden size={20} /> : <Moon aria-hidden size={20} />}
    </Button>
  )
}
