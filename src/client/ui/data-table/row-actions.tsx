import { Menu } from '@ark-ui/react/menu'
import { Portal } from '~/client/ui/portal'
import { Ellipsis } from 'lucide-react'
import { rowMenuRecipe } from './data-table.recipe'

export interface RowAction {
  /** Visible, translated label; also the menu item's value unless `id` is given. */
  label: string
  onSelect: () => void
  id?: string
  /** Destructive actions (delete, revoke) are shown in the danger colour. */
  danger?: boolean
  disabled?: boolean
}

/** The per-row menu (e.g. edit, delete, contact, resend invite), on Ark Menu. */
export function RowActions({ label, actions }: { label: string; actions: RowAction[] }) {
  const styles = rowMenuRecipe()
  if (actions.length === 0) return null
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit>
      <Menu.Trigger className={styles.trigger} aria-label={label}>
        <Ellipsis aria-hidden="true" size={18} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner className={styles.positioner}>
          <Menu.Content className={styles.content}>
            {actions.map((action) => (
              <Menu.Item
                key={action.id ?? action.label}
                value={action.id ?? action.label}
                onSelect={action.onSelect}
                disabled={action.disabled}
                data-variant={action.danger ? 'danger' : undefined}
                className={styles.item}
              >
                {action.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
