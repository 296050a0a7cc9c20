import { FileUpload as ArkFileUpload } from '@ark-ui/react/file-upload'
import { createContext, useContext, type ComponentProps } from 'react'
import { cx, sva } from 'styled-system/css'
import { buttonRecipe } from './button'

// Ark FileUpload styled (file fields, e.g. the avatar): a box holding what is
// saved now and the "choose" button (a Box, not Ark's Dropzone: the dropzone is a button itself,
// and a button inside a button is unreachable to screen readers), the chosen files with a preview
// and a remove button each.
// Used as `import * as FileUpload from '~/client/ui/file-upload'`.
const fileUpload = sva({
  slots: ['root', 'label', 'box', 'itemGroup', 'item', 'itemPreviewImage', 'itemName', 'itemSizeText'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '2', w: 'full' },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'fg' },
    box: {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      gap: '3',
      p: '4',
      borderWidth: '1px',
      borderStyle: 'dashed',
      borderColor: 'border.input',
      borderRadius: 'md',
      bg: 'bg',
      '[data-invalid] > &': { borderColor: 'danger' },
      '[data-disabled] > &': { opacity: 0.6 },
    },
    itemGroup: { display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: '0', m: '0' },
    item: {
      display: 'grid',
      gridTemplateColumns: 'auto 1fr auto',
      alignItems: 'center',
      columnGap: '3',
      p: '2',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'md',
    },
    itemPreviewImage: { w: '12', h: '12', objectFit: 'cover', borderRadius: 'full', gridRow: 'span 2' },
    itemName: { fontSize: 'sm', fontWeight: 'medium', color: 'fg', overflowWrap: 'anywhere' },
    itemSizeText: { fontSize: 'xs', color: 'fg.muted', gridColumn: '2' },
  },
})

const Styles = createContext(fileUpload())
const useStyles = () => useContext(Styles)

export function Root({ className, ...props }: ComponentProps<typeof ArkFileUpload.Root>) {
  const styles = fileUpload()
  return (
    <Styles.Provider value={styles}>
      <ArkFileUpload.Root className={cx(styles.root, className)} {...props} />
    </Styles.Provider>
  )
}
export function RootProvider({ className, ...props }: ComponentProps<typeof ArkFileUpload.RootProvider>) {
  const styles = fileUpload()
  return (
    <Styles.Provider value={styles}>
      <ArkFileUpload.RootProvider className={cx(styles.root, className)} {...props} />
    </Styles.Provider>
  )
}
export { useFileUpload } from '@ark-ui/react/file-upload'
export function Label({ className, ...props }: ComponentProps<typeof ArkFileUpload.Label>) {
  return <ArkFileUpload.Label className={cx(useStyles().label, className)} {...props} />
}
export function Box({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cx(useStyles().box, className)} {...props} />
}
export function Trigger({ className, ...props }: ComponentProps<typeof ArkFileUpload.Trigger>) {
  return <ArkFileUpload.Trigger className={cx(buttonRecipe({ variant: 'outline', size: 'sm' }), className)} {...props} />
}
export function ItemGroup({ className, ...props }: ComponentProps<typeof ArkFileUpload.ItemGroup>) {
  return <ArkFileUpload.ItemGroup className={cx(useStyles().itemGroup, className)} {...props} />
}
export function Item({ className, ...props }: ComponentProps<typeof ArkFileUpload.Item>) {
  return <ArkFileUpload.Item className={cx(useStyles().item, className)} {...props} />
}
export function ItemPreviewImage({ className, ...props }: ComponentProps<typeof ArkFileUpload.ItemPreviewImage>) {
  return <ArkFileUpload.ItemPreviewImage className={cx(useStyles().itemPreviewImage, className)} {...props} />
}
export function ItemName({ className, ...props }: ComponentProps<typeof ArkFileUpload.ItemName>) {
  return <ArkFileUpload.ItemName className={cx(useStyles().itemName, className)} {...props} />
}
export function ItemSizeText({ className, ...props }: ComponentProps<typeof ArkFileUpload.ItemSizeText>) {
  return <ArkFileUpload.ItemSizeText className={cx(useStyles().itemSizeText, className)} {...props} />
}
export function ItemDeleteTrigger({ className, ...props }: ComponentProps<typeof ArkFileUpload.ItemDeleteTrigger>) {
  return <ArkFileUpload.ItemDeleteTrigger className={cx(buttonRecipe({ variant: 'ghost', size: 'sm' }), className)} {...props} />
}
export const ItemPreview = ArkFileUpload.ItemPreview
export const HiddenInput = ArkFileUpload.HiddenInput
export const Context = ArkFileUpload.Context
