import type { ReactNode } from 'react'

// The toast store lives in lib, below the kit: lib's central error handler and the session code
// post toasts here, and the kit's <Toaster /> (ui/toast) renders them.

// At most 3 visible, newest first; a dismissed toast (open false) is
// removed from the store 10 s later; an update merges fields by id; dismissing without an id
// dismisses all. The 5 s auto-close lives in the rendered toast, which can pause it.
export const TOAST_LIMIT = 3
export const TOAST_DURATION = 5000
export const TOAST_REMOVE_DELAY = 10_000
export const SWIPE_THRESHOLD = 50
export const TOAST_HOTKEY = 'F8'

export type ToastVariant = 'default' | 'success' | 'info' | 'error'

export interface ToastAction {
  label: ReactNode
  /** A toast action needs non-empty alternative text. */
  altText: string
  onClick: () => void
}

export interface ToastData {
  id: string
  title?: ReactNode
  description?: ReactNode
  action?: ToastAction
  variant: ToastVariant
  open: boolean
  /** Auto-close delay in ms; Infinity keeps it open. */
  duration: number
}

export type ToastInput = Partial<Omit<ToastData, 'id' | 'open'>> & { id?: string }

type Listener = () => void

let toasts: ToastData[] = []
const listeners = new Set<Listener>()
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>()
let counter = 0

function emit(next: ToastData[]) {
  toasts = next
  for (const l of listeners) l()
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id)
      emit(toasts.filter((t) => t.id !== id))
    }, TOAST_REMOVE_DELAY),
  )
}

/** Same variant, title and description, all plain text (a rendered node cannot be compared). */
function sameText(a: ToastData, b: ToastData) {
  const text = (node: ReactNode) => node === undefined || typeof node === 'string'
  return (
    a.variant === b.variant &&
    text(a.title) &&
    text(a.description) &&
    a.title === b.title &&
    a.description === b.description &&
    !a.action &&
    !b.action
  )
}

/**
 * Adds a toast, newest first. An open toast saying exactly the same (the same failure repeated)
 * is replaced rather than stacked: the new one takes its place on top with a fresh auto-close.
 */
export function addToast(input: ToastInput): string {
  if (input.action && !input.action.altText.trim()) throw new Error('A toast action needs alternative text')
  const id = input.id ?? `toast-${++counter}`
  const toast: ToastData = { variant: 'default', duration: TOAST_DURATION, ...input, id, open: true }
  const replaced = toasts.filter((t) => t.id !== id && t.open && sameText(t, toast))
  // Dropped toasts beyond the limit (and replaced ones) are gone at once; forget any pending removal for them.
  const next = [toast, ...toasts.filter((t) => t.id !== id && !replaced.includes(t))]
  for (const dropped of [...replaced, ...next.slice(TOAST_LIMIT)]) {
    clearTimeout(removeTimers.get(dropped.id))
    removeTimers.delete(dropped.id)
  }
  emit(next.slice(0, TOAST_LIMIT))
  return id
}

export function updateToast(id: string, patch: Partial<Omit<ToastData, 'id'>>) {
  emit(toasts.map((t) => (t.id === id ? { ...t, ...patch } : t)))
}

export function dismissToast(id?: string) {
  const hit = (t: ToastData) => id === undefined || t.id === id
  for (const t of toasts) if (hit(t)) scheduleRemoval(t.id)
  emit(toasts.map((t) => (hit(t) && t.open ? { ...t, open: false } : t)))
}

export function removeToast(id?: string) {
  for (const t of toasts) {
    if (id === undefined || t.id === id) {
      clearTimeout(removeTimers.get(t.id))
      removeTimers.delete(t.id)
    }
  }
  emit(id === undefined ? [] : toasts.filter((t) => t.id !== id))
}

export function subscribe(listener: Listener) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function getToasts() {
  return toasts
}

/** Shows a toast; answers handles to update or dismiss it. */
export function toast(input: ToastInput) {
  const id = addToast(input)
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (patch: Partial<Omit<ToastData, 'id'>>) => updateToast(id, patch),
  }
}
toast.dismiss = dismissToast
toast.update = updateToast
toast.remove = removeToast

const CARRIED_KEY = 'tbr-carried-toasts'

/**
 * Before a full-page navigation (a server-rendered signed-out screen loading the app after a
 * sign-up or sign-in): the open plain-text toasts ("Your account has been
 * created") go along, and the next page shows them (restoreCarriedToasts).
 */
export function carryToasts() {
  const plain = toasts
    .filter((t) => t.open && !t.action && typeof t.title === 'string' && (t.description === undefined || typeof t.description === 'string'))
    .map(({ variant, title, description }) => ({ variant, title, description }))
  try {
    if (plain.length) sessionStorage.setItem(CARRIED_KEY, JSON.stringify(plain))
  } catch {
    // Storage refused: the next page starts without them.
  }
}

/** Shows the toasts the page before carried over (oldest first, so the newest is on top). */
export function restoreCarriedToasts() {
  try {
    const raw = sessionStorage.getItem(CARRIED_KEY)
    if (!raw) return
    sessionStorage.removeItem(CARRIED_KEY)
    for (const t of (JSON.parse(raw) as ToastInput[]).reverse()) addToast(t)
  } catch {
    // Nothing readable carried over.
  }
}
