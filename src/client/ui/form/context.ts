import { createContext, useContext, useEffect } from 'react'
import type { PaymentConfig } from './payment/types'

export interface FormMeta {
  /** Fields that can show an error; a server `inputError` for another name goes to the central handler. */
  visibleFields: Set<string>
  submitting: boolean
  offline: boolean
  /** The active payment provider, for card fields and payment confirmation. */
  payment: PaymentConfig
  /** Card fields by name, each answering a provider token for the card typed into it. */
  cardFields: Map<string, () => Promise<string>>
}

export const FormMetaContext = createContext<FormMeta | null>(null)

export function useFormMeta(): FormMeta {
  const meta = useContext(FormMetaContext)
  if (!meta) throw new Error('Form fields must be used inside <Form.Root>')
  return meta
}

/** Marks `name` as a field that shows its own errors while mounted. */
export function useVisibleField(name: string) {
  const meta = useFormMeta()
  useEffect(() => {
    meta.visibleFields.add(name)
    return () => {
      meta.visibleFields.delete(name)
    }
  }, [meta, name])
}
