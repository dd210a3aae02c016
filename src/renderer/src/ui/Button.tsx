import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger'

type ButtonProps = Readonly<
  ButtonHTMLAttributes<HTMLButtonElement> & {
    variant?: ButtonVariant
    size?: 'normal' | 'small'
    children: ReactNode
    ref?: Ref<HTMLButtonElement>
  }
>

/** The app's one button. `type="button"` by default so a button inside a form never submits by accident. */
export function Button({
  variant = 'secondary',
  size = 'normal',
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps): ReactNode {
  const classes = ['button', `button--${variant}`, size === 'small' ? 'button--small' : '', className ?? '']
    .filter(Boolean)
    .join(' ')
  return (
    <button type={type} className={classes} {...rest}>
      {children}
    </button>
  )
}
