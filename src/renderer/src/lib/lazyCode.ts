import { createElement, lazy, type ComponentType, type ReactNode } from 'react'

/** A component's code, loaded on first use; drawn at once (no Suspense fallback) once it is loaded. */
export interface LazyCode {
  readonly load: () => Promise<unknown>
  readonly component: ComponentType
}

/**
 * Its component draws straight away when the code is loaded (fetched ahead by `load`), and
 * through React.lazy otherwise. A lazy component suspends on its first draw even when its
 * module is in memory, and React holds a revealed fallback for about 300 ms.
 */
export function lazyCode(importComponent: () => Promise<ComponentType>): LazyCode {
  let loaded: ComponentType | null = null
  const load = (): Promise<ComponentType> =>
    importComponent().then((component) => {
      loaded = component
      return component
    })
  const Lazy = lazy(() => load().then((component) => ({ default: component })))
  const component = (): ReactNode => createElement(loaded ?? Lazy)
  return { load, component }
}
