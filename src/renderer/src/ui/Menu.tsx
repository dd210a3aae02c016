import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode
} from 'react'
import './menu.css'

export interface MenuItem {
  readonly label: string
  readonly onSelect: () => void
  readonly danger?: boolean
  /** Why the item cannot be chosen now; the item is shown disabled with this as its hint. */
  readonly disabledReason?: string
}

type MenuProps = Readonly<{
  /** The trigger's accessible name, saying what the actions are for ("More actions for Garden beds"). */
  label: string
  /** What the trigger shows ("⋯", "Pin…"). */
  trigger: ReactNode
  items: readonly MenuItem[]
  triggerClassName?: string
  /** Which edge of the trigger the menu lines up with. */
  align?: 'start' | 'end'
  'data-testid'?: string
}>

/**
 * A menu button (the WAI-ARIA pattern): the trigger opens a list of actions; arrows, Home and End
 * move between them, Enter or Space chooses, Escape closes and gives focus back to the trigger,
 * and a click elsewhere or Tab closes it.
 *
 * The open list is a popover in the top layer, placed under its trigger by CSS anchor positioning.
 * It stays in the trigger's part of the DOM (focus and clicks inside it count as the menu's), but
 * nothing around it can clip it or paint over it: a row of a long list keeps its painting to
 * itself (`contain: paint`, so a scroll step does not repaint the rows that only moved) and its
 * menu still opens whole.
 */
export function Menu({
  label,
  trigger,
  items,
  triggerClassName,
  align = 'end',
  'data-testid': testId
}: MenuProps): ReactNode {
  const [open, setOpen] = useState<'first' | 'last' | null>(null)
  const wrapper = useRef<HTMLSpanElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const list = useRef<HTMLUListElement>(null)
  const menuId = useId()
  const anchor = `--menu${menuId.replace(/[^\w-]/g, '')}`
  // Shown before the focus moves into it: an item of a hidden popover cannot take focus.
  useLayoutEffect(() => {
    if (open !== null) list.current?.showPopover()
  }, [open])
  useEffect(() => {
    if (open === null) return
    const entries = menuItems(wrapper.current)
    ;(open === 'first' ? entries[0] : entries.at(-1))?.focus()
    const onPointer = (event: PointerEvent): void => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(null)
    }
    document.addEventListener('pointerdown', onPointer)
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [open])
  const close = (refocus: boolean): void => {
    setOpen(null)
    if (refocus) button.current?.focus()
  }
  const onTriggerKey = (event: KeyboardEvent): void => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    event.preventDefault()
    setOpen(event.key === 'ArrowDown' ? 'first' : 'last')
  }
  return (
    <span className="menu" ref={wrapper} data-testid={testId}>
      <button
        ref={button}
        type="button"
        className={triggerClassName ?? 'menu__trigger'}
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open !== null ? menuId : undefined}
        style={{ anchorName: anchor }}
        onClick={() => (open !== null ? close(false) : setOpen('first'))}
        onKeyDown={onTriggerKey}
      >
        {trigger}
      </button>
      {open !== null && (
        <ul
          ref={list}
          id={menuId}
          popover="manual"
          style={{ positionAnchor: anchor }}
          role="menu"
          aria-label={label}
          className={`menu__list menu__list--${align}`}
          onKeyDown={(event) => moveFocus(event, wrapper.current, close)}
        >
          {items.map((item) => (
            <li key={item.label} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={item.danger === true ? 'menu__item menu__item--danger' : 'menu__item'}
                aria-disabled={item.disabledReason !== undefined}
                title={item.disabledReason}
                onClick={() => {
                  if (item.disabledReason !== undefined) return
                  close(true)
                  item.onSelect()
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </span>
  )
}

function menuItems(root: HTMLElement | null): HTMLButtonElement[] {
  return Array.from(root?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])
}

/** Arrow keys, Home and End move between items (wrapping); Escape and Tab close. */
function moveFocus(event: KeyboardEvent, root: HTMLElement | null, close: (refocus: boolean) => void): void {
  const entries = menuItems(root)
  const index = entries.indexOf(document.activeElement as HTMLButtonElement)
  const target: Record<string, number | undefined> = {
    ArrowDown: (index + 1) % entries.length,
    ArrowUp: (index - 1 + entries.length) % entries.length,
    Home: 0,
    End: entries.length - 1
  }
  if (event.key === 'Escape') {
    event.preventDefault()
    event.stopPropagation()
    close(true)
  } else if (event.key === 'Tab') {
    close(false)
  } else if (target[event.key] !== undefined) {
    event.preventDefault()
    entries[target[event.key] as number]?.focus()
  }
}
