// The spectators' process (bench/spectator-clients.ts), forked and spoken to over IPC.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ChildMessage, ParentMessage } from '../spectator-clients';
import { sleep } from './options';

export interface Clients {
  ask<T extends ChildMessage['type']>(message: ParentMessage, answer: T): Promise<Extract<ChildMessage, { type: T }>>;
  pid: number;
  close(): Promise<void>;
}

export function startClients(): Clients {
  const child: ChildProcess = fork(fileURLToPath(new URL('../spectator-clients.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    serialization: 'advanced',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    pid: child.pid!,
    ask(message, answer) {
      return new Promise((resolve, reject) => {
        const onMessage = (m: ChildMessage) => {
          if (m.type !== answer) return;
          child.off('message', onMessage);
          resolve(m as Extract<ChildMessage, { type: typeof answer }>);
        };
        child.on('message', onMessage);
        void exited.then(() => reject(new Error('the spectators process exited')));
        child.send(message);
      });
    },
    async close() {
      if (child.connected) child.send({ type: 'close' } satisfies ParentMessage);
      await Promise.race([exited, sleep(5000).then(() => child.kill('SIGKILL'))]);
    },
  };
}
