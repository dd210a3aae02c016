import { Component, type ErrorInfo, type ReactNode } from 'react'
import { Banner } from '../ui/Banner'

type Props = Readonly<{ name: string; children: ReactNode }>
type State = { readonly error: Error | null }

/** Keeps a crash in one section from blanking the whole window; the message says which section broke. */
export class SectionErrorBoundary extends Component<Props, State> {
  override state: State = { error: null }

  static getDerivedStateFromError(error: Error): State {
    return { error }
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Section ${this.props.name} crashed`, error, info.componentStack)
  }

  override render(): ReactNode {
    if (this.state.error === null) return this.props.children
    return (
      <div className="section">
        <Banner
          tone="danger"
          title={`The ${this.props.name} section stopped working`}
          data-testid="section-crashed"
        >
          {this.state.error.message}. Switch to another section and back to try again.
        </Banner>
      </div>
    )
  }
}
