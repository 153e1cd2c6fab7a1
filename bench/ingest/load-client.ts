import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FromLoad, ToLoad } from './ipc';

type Reply<T extends FromLoad['type']> = Extract<FromLoad, { type: T }>;

/**
 * The forked load process, driven by request/answer over IPC. A separate process keeps the
 * generator's CPU off the server's event loop, which is what is being measured.
 */
export function forkLoad() {
  const child = fork(fileURLToPath(new URL('./load-process.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  function request<T extends FromLoad['type']>(message: ToLoad, answer: T): Promise<Reply<T>> {
    return new Promise((resolve, reject) => {
      const onMessage = (reply: FromLoad) => {
        if (reply.type === 'failed') reject(new Error(`load process: ${reply.message}`));
        else if (reply.type === answer) resolve(reply as Reply<T>);
        else return;
        child.off('message', onMessage);
      };
      child.on('message', onMessage);
      void exited.then((code) => reject(new Error(`load process exited (${code})`)));
      child.send(message);
    });
  }

  return {
    request,
    async stop() {
      if (child.connected) child.send({ type: 'stop' } satisfies ToLoad);
      await exited;
    },
  };
}
