// A mail server for crash tests: it accepts the first mails, then holds the next ones while the sending process is
// killed (SIGKILL) once it has recorded those first mails as sent, so the dead sender never hears back about the
// held ones. After the kill it accepts everything, for the restarted sender.
import type { ChildProcess } from 'node:child_process';
import { startSmtpReceiver, type SmtpReceiver } from './smtp.js';

export interface CrashingSmtpOptions {
  /** Mails accepted before the sender is killed. */
  acceptFirst: number;
  /** How many mails the sender has recorded as sent so far (read from the database). */
  countDone: () => Promise<number>;
  /** The sending process to kill (read when the kill happens). */
  sender: () => ChildProcess | undefined;
}

export async function startSmtpThatOutlivesASender({ acceptFirst, countDone, sender }: CrashingSmtpOptions): Promise<SmtpReceiver> {
  let state: 'open' | 'holding' | 'dead' = 'open';
  let admitted = 0;
  const held: ((error: Error) => void)[] = [];
  const kill = async () => {
    for (let i = 0; i < 200 && (await countDone()) < acceptFirst; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    const child = sender();
    const gone = new Promise((resolve) => child?.once('exit', resolve));
    child?.kill('SIGKILL');
    await gone;
    state = 'dead';
    for (const release of held) release(new Error('sender gone'));
  };
  return startSmtpReceiver({
    beforeAccept: async () => {
      if (state === 'dead') return null;
      if (state === 'open' && admitted < acceptFirst) {
        admitted++;
        return null;
      }
      return new Promise<Error | null>((resolve) => {
        held.push(resolve);
        if (state === 'open') {
          state = 'holding';
          void kill();
        }
      });
    },
  });
}
