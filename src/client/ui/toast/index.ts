// Toasts: `toast({ title, description, variant })` anywhere, `<Toaster />` once.
export { Toaster } from './toaster'
export {
  toast,
  dismissToast,
  updateToast,
  removeToast,
  carryToasts,
  restoreCarriedToasts,
  TOAST_DURATION,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  SWIPE_THRESHOLD,
  type ToastData,
  type ToastInput,
  type ToastVariant,
} from '~/client/lib/toasts'
