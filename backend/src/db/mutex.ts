/** First-come first-served lock: the embedded database has one session, so one transaction at a time. */
export class Mutex {
  #tail: Promise<void> = Promise.resolve();

  async run<T>(fn: () => Promise<T>): Promise<T> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const previous = this.#tail;
    this.#tail = next;
    await previous;
    try {
      return await fn();
    } finally {
      release();
    }
  }
}
