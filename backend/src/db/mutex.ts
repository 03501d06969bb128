/** First-come first-served lock: the embedded database has one session, so one transaction at a time. */
export class Mutex {
  #tail: Promise<void> = Promise.resolve();

  /**
   * Runs fn once every earlier caller is done. With `waitMs`, gives up waiting after that long
   * (`onTimeout()` is thrown); its turn in the queue then passes on at once.
   */
  async run<T>(fn: () => Promise<T>, waitMs?: number, onTimeout?: () => Error): Promise<T> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const previous = this.#tail;
    this.#tail = next;
    if (waitMs !== undefined) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), waitMs)));
      const outcome = await Promise.race([previous, timedOut]);
      clearTimeout(timer);
      if (outcome === 'timeout') {
        void previous.then(release);
        throw onTimeout ? onTimeout() : new Error('timed out waiting for the lock');
      }
    } else {
      await previous;
    }
    try {
      return await fn();
    } finally {
      release();
    }
  }
}
