/**
 * A websocket's outgoing messages, coalesced per turn of the event loop: what is queued in one
 * turn (the positions of one committed pipeline batch, say) leaves as one frame. A lone
 * message goes as itself; several go as `{type:'batch', messages:[…]}`, in order. At 1,000
 * positions a second that is a few frames a second instead of a thousand, which is what a
 * browser tab pays for most (each frame is an event, a parse and a task on its main thread).
 */
export function createOutbox(write: (text: string) => void) {
  let queued: object[] = [];
  const flush = () => {
    const messages = queued;
    queued = [];
    if (messages.length === 0) return;
    write(JSON.stringify(messages.length === 1 ? messages[0] : { type: 'batch', messages }));
  };
  return (message: object) => {
    if (queued.push(message) === 1) setImmediate(flush);
  };
}
