// decisions: step-up. Some calls (a new address, a first password, 2FA on or off, a passkey, an
// API key, closing or leaving the account) answer 403 `{ message, reauth: true }` when the
// session's sign-in is not recent. The HTTP client (lib/http.ts) then asks here for the password
// and repeats the call with it; the dialog that asks (layouts/step-up-dialog.tsx) is mounted once
// in each signed-in layout and reads this store.

export interface StepUpRequest {
  /** The server's message: why it asks. */
  message: string
  /** Set after a wrong password: what was wrong with it. */
  error?: string
  /** The password to repeat the call with, or null when the reader gave up or signs in again. */
  answer(password: string | null): void
}

let current: StepUpRequest | null = null
const listeners = new Set<() => void>()
const set = (next: StepUpRequest | null) => {
  current = next
  for (const l of listeners) l()
}

export const stepUpStore = {
  get: () => current,
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  },
}

/** Whether anything is mounted to ask: without the dialog the 403 goes to the caller as is. */
let mounted = 0
export function stepUpDialogMounted() {
  mounted++
  return () => {
    mounted--
  }
}

/** Opens the dialog; resolves with the password, or null. */
export function askForProof(message: string, error?: string): Promise<string | null> | null {
  if (mounted === 0) return null
  return new Promise((resolve) => {
    const request: StepUpRequest = {
      message,
      error,
      answer(password) {
        // Answered once; a late close of this dialog never closes the one asked after it.
        if (current === request) set(null)
        resolve(password)
      },
    }
    set(request)
  })
}

/** The answer that asks for a step-up. */
export const isStepUpRequired = (status: number, body: Record<string, unknown>) => status === 403 && body.reauth === true
