/**
 * Resolves in a later task of the event loop, so the work before and after it are two tasks a
 * phone's main thread can answer input between, not one long one. A message, not a timer: a
 * timer is held by a paused test clock and clamped in a hidden tab.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
