import { Portal } from '~/client/ui/portal'
import { Select as ArkSelect, createListCollection, type ListCollection } from '@ark-ui/react/select'
import { Check, ChevronsUpDown } from 'lucide-react'
import { createContext, useContext, type ComponentProps, type ReactNode } from 'react'
import { cx, sva } from 'styled-system/css'
import { fieldRecipe } from './field'

// Ark Select styled; used as `import * as Select from '~/client/ui/select'`. Options may be
// grouped (select: grouped options possible). Its frame and label are the text field's.
export const selectRecipe = sva({
  slots: ['control', 'trigger', 'valueText', 'indicator', 'positioner', 'content', 'itemGroup', 'itemGroupLabel', 'item', 'itemText', 'itemIndicator'],
  base: {
    control: { position: 'relative' },
    trigger: {
      layerStyle: 'input',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: '2',
      textAlign: 'start',
      cursor: 'pointer',
      _disabled: { opacity: 0.6, cursor: 'not-allowed' },
    },
    valueText: { flex: '1', minW: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', '&[data-placeholder-shown]': { color: 'fg.muted' } },
    indicator: { display: 'inline-flex', color: 'fg.muted' },
    content: { layerStyle: 'listbox', maxH: '72' },
    itemGroup: { display: 'flex', flexDirection: 'column', gap: '0.5', '& + &': { mt: '1', pt: '1', borderTopWidth: '1px', borderColor: 'border' } },
    itemGroupLabel: { px: '2', py: '1', fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: 'wide' },
    item: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: '2',
      px: '2',
      h: '9',
      fontSize: 'sm',
      borderRadius: 'sm',
      cursor: 'pointer',
      _highlighted: { bg: 'bg.muted' },
      _checked: { color: 'accent', fontWeight: 'semibold' },
      _disabled: { opacity: 0.5, cursor: 'not-allowed' },
    },
    itemText: { flex: '1' },
    itemIndicator: { display: 'inline-flex' },
  },
})

const field = fieldRecipe()
const Styles = createContext(selectRecipe())
const useStyles = () => useContext(Styles)

export { createListCollection, type ListCollection }

export interface SelectOption {
  value: string
  label: string
  /** Options with the same group are listed together under it (grouped options). */
  group?: string
  disabled?: boolean
}

/** A collection of options; grouped when any option names a group. */
export function optionsCollection(options: SelectOption[]) {
  const grouped = options.some((o) => o.group)
  return createListCollection<SelectOption>({
    items: options,
    itemToValue: (o) => o.value,
    itemToString: (o) => o.label,
    isItemDisabled: (o) => !!o.disabled,
    ...(grouped ? { groupBy: (o: SelectOption) => o.group ?? '' } : {}),
  })
}

export function Root({ className, ...props }: ComponentProps<typeof ArkSelect.Root<SelectOption>>) {
  const styles = selectRecipe()
  return (
    <Styles.Provider value={styles}>
      {/* Mounted on opening: a dialog hides (aria-hidden) what is outside it once, when it opens, so
          a list portalled before then stayed hidden from assistive technology inside a dialog. */}
      <ArkSelect.Root positioning={{ sameWidth: true }} lazyMount unmountOnExit className={cx(field.root, className)} {...props} />
    </Styles.Provider>
  )
}

export function Label({ className, ...props }: ComponentProps<typeof ArkSelect.Label>) {
  return <ArkSelect.Label className={cx(field.label, className)} {...props} />
}

/** The button showing the chosen option (or the placeholder). */
export function Trigger({ placeholder, className, ...props }: ComponentProps<typeof ArkSelect.Trigger> & { placeholder?: string }) {
  const styles = useStyles()
  return (
    <ArkSelect.Control className={styles.control}>
      <ArkSelect.Trigger className={cx(styles.trigger, className)} {...props}>
        <ArkSelect.ValueText className={styles.valueText} placeholder={placeholder} />
        <ArkSelect.Indicator className={styles.indicator}>
          <ChevronsUpDown aria-hidden size={16} />
        </ArkSelect.Indicator>
      </ArkSelect.Trigger>
    </ArkSelect.Control>
  )
}

function Item({ item }: { item: SelectOption }) {
  const styles = useStyles()
  return (
    <ArkSelect.Item item={item} className={styles.item}>
      <ArkSelect.ItemText className={styles.itemText}>{item.label}</ArkSelect.ItemText>
      <ArkSelect.ItemIndicator className={styles.itemIndicator}>
        <Check aria-hidden size={16} />
      </ArkSelect.ItemIndicator>
    </ArkSelect.Item>
  )
}

/** The options in a portal, grouped under their labels when the collection is grouped. */
export function Content({ collection, children }: { collection: ListCollection<SelectOption>; children?: ReactNode }) {
  const styles = useStyles()
  const grouped = collection.items.some((o) => o.group)
  return (
    <Portal>
      <ArkSelect.Positioner className={styles.positioner}>
        <ArkSelect.Content className={styles.content}>
          {grouped
            ? collection.group().map(([group, items]) => (
                <ArkSelect.ItemGroup key={group} className={styles.itemGroup}>
                  <ArkSelect.ItemGroupLabel className={styles.itemGroupLabel}>{group}</ArkSelect.ItemGroupLabel>
                  {items.map((item) => (
                    <Item key={item.value} item={item} />
                  ))}
                </ArkSelect.ItemGroup>
              ))
            : collection.items.map((item) => <Item key={item.value} item={item} />)}
          {children}
        </ArkSelect.Content>
      </ArkSelect.Positioner>
    </Portal>
  )
}

export const HiddenSelect = ArkSelect.HiddenSelect
