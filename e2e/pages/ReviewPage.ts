import { expect, type Locator, type Page } from '@playwright/test'
import { HearthApp } from './HearthApp'

/** The Review inbox: candidates grouped by session, driven from the keyboard. */
export class ReviewPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await new HearthApp(this.page).goTo('review')
    await expect(this.page.getByTestId('review-section')).toBeVisible()
  }

  get candidates(): Locator {
    return this.page.getByTestId('candidate')
  }

  candidate(text: string): Locator {
    return this.candidates.filter({ hasText: text })
  }

  get focused(): Locator {
    return this.page.locator('[data-testid="candidate"][aria-current="true"]')
  }

  /** Presses one inbox shortcut (j, k, a, r, e, m, x). */
  async press(key: string): Promise<void> {
    await this.page.keyboard.press(key)
  }

  get editor(): Locator {
    return this.page.getByTestId('candidate-editor')
  }

  /** The "message N of <chat>" link of a candidate, which opens that message in Chat. */
  jump(candidate: Locator): Locator {
    return candidate.getByTestId('fact-source')
  }
}
