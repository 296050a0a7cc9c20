import { createContext, type ComponentType, type ReactNode } from 'react'

/**
 * What each book of a public list is rendered through. Nothing in the app (null); the
 * server-rendered page's light entry gives a gate that hydrates the server's cards a few per task
 * instead of all in the page's first task (src/client/public/sliced-hydration.tsx).
 */
export const ItemGateContext = createContext<ComponentType<{ id: string; children: ReactNode }> | null>(null)
