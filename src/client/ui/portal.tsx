import { Portal as ArkPortal } from '@ark-ui/react/portal'
import type { ReactNode } from 'react'

/**
 * The element every layer (dialogs, drawers, menus, popovers, tooltips, toasts, dnd-kit's
 * announcements) is drawn in: one element after the app's root, made on first use. Not <body>:
 * React listens for every event on each element it draws a portal into, and <body> holds every
 * control, so one portal there had React handle each key press and input a second time.
 */
export function layerHost(): HTMLElement {
  let host = document.getElementById('layers')
  if (!host) {
    host = document.createElement('div')
    host.id = 'layers'
    document.body.append(host)
  }
  return host
}

// Read by Ark's Portal when it first draws (never on the server, which draws layers in place).
const container = {
  get current() {
    return typeof document === 'undefined' ? null : layerHost()
  },
}

/** Ark's Portal, into the layer host. */
export function Portal({ children }: { children: ReactNode }) {
  return <ArkPortal container={container}>{children}</ArkPortal>
}
