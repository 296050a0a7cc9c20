import { log } from './log'

/**
 * Work an answer does not wait for (a slow mail server never slows sign-in).
 * Each task runs after the caller's answer is on its way; its failure is logged, never thrown.
 * `settled()` lets shutdown (and tests) wait for what is still running, so the database is not
 * closed under a task.
 */
export class Background {
  private running = new Set<Promise<void>>()

  run(name: string, task: () => Promise<void>) {
    const p: Promise<void> = Promise.resolve()
      .then(task)
      .catch((err: unknown) => {
        log.error(`background ${name} failed:`, err instanceof Error ? err.message : err)
      })
      .finally(() => {
        this.running.delete(p)
      })
    this.running.add(p)
  }

  /** Resolves once every task started so far (and any they start) has finished. */
  async settled(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running])
  }

  get size() {
    return this.running.size
  }
}
