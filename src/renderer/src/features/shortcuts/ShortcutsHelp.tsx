import { useEffect, useState, type ReactNode } from 'react'
import { isTyping } from '../../lib/keyboard'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import './shortcuts.css'

const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl'

/** Every keyboard shortcut Hearth has, by where it works. */
const SHORTCUTS: readonly {
  readonly where: string
  readonly keys: readonly (readonly [string, string])[]
}[] = [
  {
    where: 'Anywhere',
    keys: [
      ['?', 'Show this list'],
      [`${MOD}+K`, 'Go to a chat of any agent']
    ]
  },
  {
    where: 'Chat',
    keys: [
      ['Enter', 'Send the message'],
      ['Shift+Enter', 'New line in the message'],
      ['Esc', 'Stop the reply that is streaming'],
      ['Enter (editing a message)', 'Resend it: the chat forks there'],
      ['Esc (editing a message)', 'Cancel the edit']
    ]
  },
  { where: 'Files', keys: [[`${MOD}+S`, 'Save the open file']] },
  {
    where: 'Review',
    keys: [
      ['j / k', 'Next / previous candidate'],
      ['x', 'Select the candidate'],
      ['a / r', 'Approve / reject'],
      ['e / m', 'Edit / merge'],
      ['Esc', 'Close the editor or merge panel']
    ]
  }
]

/** `?` (outside a text field) opens the list of shortcuts; Esc or Close closes it. */
export function ShortcutsHelp(): ReactNode {
  const [open, setOpen] = useState(false)
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target))
        return
      event.preventDefault()
      setOpen(true)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  if (!open) return null
  return (
    <Dialog
      title="Keyboard shortcuts"
      onClose={() => setOpen(false)}
      actions={<Button onClick={() => setOpen(false)}>Close</Button>}
      data-testid="shortcuts-dialog"
    >
      {SHORTCUTS.map((group) => (
        <section key={group.where} className="shortcuts__group">
          <h3 className="shortcuts__where">{group.where}</h3>
          <dl className="shortcuts__list">
            {group.keys.map(([keys, what]) => (
              <div key={keys} className="shortcuts__row">
                <dt>
                  <kbd>{keys}</kbd>
                </dt>
                <dd>{what}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </Dialog>
  )
}
