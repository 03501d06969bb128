/**
 * Ends the current task: what follows runs in a new one, after the browser has had its turn
 * (input, a frame). Start-up's steps run as several short tasks instead of one long one, which
 * a phone would spend hundreds of milliseconds on unable to answer a tap. A message, not a timer
 * or an animation frame: a paused test clock holds those.
 */
export function yieldToMain(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
