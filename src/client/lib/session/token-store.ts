import { sessionToken } from '../session-token'

// The session token (in localStorage) with change notification, so React state
// follows sign-in and sign-out in this tab and in others.
type Listener = () => void
const listeners = new Set<Listener>()
const emit = () => listeners.forEach((l) => l())

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === 'token' || e.key === null) emit()
  })
}

export const tokenStore = {
  get: () => sessionToken.get(),
  set(token: string) {
    sessionToken.set(token)
    emit()
  },
  clear() {
    sessionToken.clear()
    emit()
  },
  subscribe(listener: Listener) {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  },
}
