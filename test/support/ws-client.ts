import WebSocket from 'ws';

export type Message = { id?: string; event: string; data: Record<string, unknown>; at?: string };

/** A browser-like client: a real WebSocket with an inbox to wait on. */
export async function connect(url: string) {
  const socket = new WebSocket(url);
  const inbox: Message[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (raw) => {
    inbox.push(JSON.parse(String(raw)) as Message);
    waiters.splice(0).forEach((wake) => wake());
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const next = async (event: string, timeoutMs = 5000): Promise<Message> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = inbox.findIndex((message) => message.event === event);
      if (index >= 0) return inbox.splice(index, 1)[0] as Message;
      if (Date.now() > deadline) throw new Error(`No '${event}' message; got ${JSON.stringify(inbox)}`);
      await new Promise<void>((wake) => {
        waiters.push(wake);
        setTimeout(wake, 100);
      });
    }
  };
  const send = (message: unknown) => socket.send(JSON.stringify(message));
  const close = () =>
    new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      socket.close();
    });
  return { socket, inbox, next, send, close };
}
