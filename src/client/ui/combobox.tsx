import { Combobox as ArkCombobox, createListCollection, type ListCollection } from '@ark-ui/react/combobox'
import { Portal } from '~/client/ui/portal'
import { createContext, useContext, type ComponentProps } from 'react'
import { cx, sva } from 'styled-system/css'
import { fieldRecipe } from './field'

// Ark Combobox styled (park-ui pattern): `import * as Combobox from '~/client/ui/combobox'`. An
// input with a listbox of suggestions (the catalogue search on /books/new). Its frame and label are
// the text field's.
export const comboboxRecipe = sva({
  slots: ['control', 'input', 'positioner', 'content', 'item', 'empty'],
  base: {
    control: { position: 'relative' },
    input: { layerStyle: 'input' },
    content: { layerStyle: 'listbox', maxH: '80' },
    item: {
      display: 'flex',
      alignItems: 'center',
      gap: '3',
      px: '2',
      py: '1.5',
      fontSize: 'sm',
      borderRadius: 'sm',
      cursor: 'pointer',
      _highlighted: { bg: 'bg.muted' },
    },
    empty: { px: '2', py: '2', fontSize: 'sm', color: 'fg.muted' },
  },
})

const field = fieldRecipe()
const Styles = createContext(comboboxRecipe())
const useStyles = () => useContext(Styles)

export { createListCollection, type ListCollection }

export function Root<T>({ className, ...props }: ComponentProps<typeof ArkCombobox.Root<T>>) {
  const styles = comboboxRecipe()
  return (
    <Styles.Provider value={styles}>
      <ArkCombobox.Root positioning={{ sameWidth: true }} lazyMount unmountOnExit className={cx(field.root, className)} {...props} />
    </Styles.Provider>
  )
}

export function Label({ className, ...props }: ComponentProps<typeof ArkCombobox.Label>) {
  return <ArkCombobox.Label className={cx(field.label, className)} {...props} />
}

export function Input({ className, ...props }: ComponentProps<typeof ArkCombobox.Input>) {
  const styles = useStyles()
  return (
    <ArkCombobox.Control className={styles.control}>
      <ArkCombobox.Input className={cx(styles.input, className)} {...props} />
    </ArkCombobox.Control>
  )
}

export function Content({ className, children, ...props }: ComponentProps<typeof ArkCombobox.Content>) {
  return (
    <Portal>
      <ArkCombobox.Positioner>
        <ArkCombobox.Content className={cx(useStyles().content, className)} {...props}>
          {children}
        </ArkCombobox.Content>
      </ArkCombobox.Positioner>
    </Portal>
  )
}

export function Item({ className, ...props }: ComponentProps<typeof ArkCombobox.Item>) {
  return <ArkCombobox.Item className={cx(useStyles().item, className)} {...props} />
}

export const ItemText = ArkCombobox.ItemText

export function Empty({ className, ...props }: ComponentProps<typeof ArkCombobox.Empty>) {
  return <ArkCombobox.Empty className={cx(useStyles().empty, className)} {...props} />
}
