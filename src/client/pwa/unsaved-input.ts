// Forms with unsaved input register here, so an app update never reloads under the reader's
// feet (issue: installable PWA, updates). The form component marks itself dirty or clean.
const dirty = new Set<string>()

export function setUnsavedInput(formId: string, isDirty: boolean) {
  if (isDirty) dirty.add(formId)
  else dirty.delete(formId)
}

export function hasUnsavedInput() {
  return dirty.size > 0
}
