import { Component, lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react'

// A provider's part is its own chunk. A page opened online and then taken offline may not have
// fetched it yet: the failed import is caught here (not a crashed page) and tried again on demand.

export interface Retryable<P> {
  get(): LazyExoticComponent<ComponentType<P>>
  /** A fresh attempt (React.lazy keeps a failed import's error). */
  reset(): void
  /** Starts fetching the chunk without rendering it. */
  preload(): void
}

export function retryableLazy<P>(load: () => Promise<{ default: ComponentType<P> }>): Retryable<P> {
  let component = lazy(load)
  return {
    get: () => component,
    reset() {
      component = lazy(load)
    },
    preload() {
      void load().catch(() => undefined)
    },
  }
}

interface BoundaryProps {
  fallback: (retry: () => void) => ReactNode
  onRetry: () => void
  children: ReactNode
}

/** Shows `fallback` when the chunk could not load; `retry` resets it and renders again. */
export class LoadBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  retry = () => {
    this.props.onRetry()
    this.setState({ failed: false })
  }
  render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children
  }
}
