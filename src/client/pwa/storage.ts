// Ask for persistent storage after the first book is saved, so the browser does not evict the
// offline data under storage pressure; the estimate is shown on /help.
const ASKED_KEY = 'storage-persist-asked'

export async function requestPersistentStorage() {
  if (!navigator.storage?.persist || localStorage.getItem(ASKED_KEY)) return
  localStorage.setItem(ASKED_KEY, '1')
  if (await navigator.storage.persisted()) return
  await navigator.storage.persist().catch(() => false)
}

export async function storageEstimate(): Promise<{ usage: number; quota: number; persisted: boolean } | null> {
  if (!navigator.storage?.estimate) return null
  const [estimate, persisted] = await Promise.all([
    navigator.storage.estimate(),
    navigator.storage.persisted?.() ?? Promise.resolve(false),
  ])
  return { usage: estimate.usage ?? 0, quota: estimate.quota ?? 0, persisted }
}
