import type { ReactNode } from 'react'

export interface TabItem<T extends string> {
  readonly id: T
  readonly label: ReactNode
}

type TabsProps<T extends string> = Readonly<{
  /** What the tabs switch between, for screen readers ("Review views"). */
  label: string
  items: readonly TabItem<T>[]
  value: T
  onChange: (id: T) => void
  /** Prefix of each tab's id; the shown panel is labelled by `${idPrefix}-${value}`. */
  idPrefix: string
}>

/** A row of tabs over one panel (the panel is `TabPanel` with the same prefix). */
export function Tabs<T extends string>({ label, items, value, onChange, idPrefix }: TabsProps<T>): ReactNode {
  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {items.map((item) => (
        <button
          key={item.id}
          type="button"
          role="tab"
          id={`${idPrefix}-${item.id}`}
          aria-selected={item.id === value}
          aria-controls={`${idPrefix}-panel`}
          className="tab"
          onClick={() => onChange(item.id)}
        >
          {item.label}
        </button>
      ))}
    </div>
  )
}

/** The panel under `Tabs`, labelled by the selected tab. */
export function TabPanel({
  idPrefix,
  value,
  children,
  className
}: Readonly<{ idPrefix: string; value: string; children: ReactNode; className?: string }>): ReactNode {
  return (
    <div
      role="tabpanel"
      id={`${idPrefix}-panel`}
      aria-labelledby={`${idPrefix}-${value}`}
      className={className}
    >
      {children}
    </div>
  )
}
