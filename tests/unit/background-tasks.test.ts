import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { BackgroundTasks } from '@server/platform/background-tasks';

function recordingLog() {
  const errors: { details: object; message: string }[] = [];
  return { errors, log: { error: (details: object, message: string) => errors.push({ details, message }) } };
}

describe('background tasks', () => {
  it('drain waits for every task, including one a task started meanwhile', async () => {
    const { log } = recordingLog();
    const tasks = new BackgroundTasks(log);
    const done: string[] = [];
    tasks.run('first failed', async () => {
      await sleep(20);
      done.push('first');
      tasks.run('second failed', async () => {
        await sleep(20);
        done.push('second');
      });
    });
    expect(tasks.size).toBe(1);
    await tasks.drain();
    expect(done).toEqual(['first', 'second']);
    expect(tasks.size).toBe(0);
  });

  it('logs a failed task with its message and details, and a throw before its first await too', async () => {
    const { log, errors } = recordingLog();
    const tasks = new BackgroundTasks(log);
    const boom = new Error('SMTP said no');
    tasks.run('payment receipt not sent', async () => {
      await sleep(1);
      throw boom;
    }, { paymentId: 'p1' });
    tasks.run('notice not sent', () => {
      throw boom;
    });
    await tasks.drain();
    expect(errors).toEqual([
      { details: { err: boom }, message: 'notice not sent' },
      { details: { err: boom, paymentId: 'p1' }, message: 'payment receipt not sent' },
    ]);
  });
});
