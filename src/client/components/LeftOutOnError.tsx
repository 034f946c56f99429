import { Component, type ReactNode } from 'react'

interface LeftOutOnErrorProps {
  /** Told once the part has been left out, so it can be tried again later. */
  onError?: (error: unknown) => void
  children: ReactNode
}

/**
 * Wraps an optional part of the page whose code comes in a chunk of its own (the toasts, the content-request button):
 * when the chunk cannot be loaded, the part is left out instead of taking the whole page down with it.
 */
export class LeftOutOnError extends Component<LeftOutOnErrorProps, { failed: boolean }> {
  state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  componentDidCatch(error: unknown) {
    this.props.onError?.(error)
  }

  render() {
    return this.state.failed ? null : this.props.children
  }
}
