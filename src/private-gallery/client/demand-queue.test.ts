import { describe, expect, it } from 'vitest';
import { demandQueue } from './demand-queue';

/** A task that records when it starts and settles when the test says so. */
function tasks() {
  const started: number[] = [];
  const settle = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  const task = (id: number) => () => {
    started.push(id);
    return new Promise<void>((resolve, reject) => settle.set(id, { resolve, reject }));
  };
  return { started, settle, task };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('demandQueue', () => {
  it('runs at most `parallel` tasks at once, in the order they were asked for', async () => {
    const queue = demandQueue(2);
    const { started, settle, task } = tasks();
    for (const id of [5, 1, 9, 3]) queue.request(id, task(id));
    expect(started).toEqual([5, 1]);
    settle.get(1)!.resolve();
    await tick();
    expect(started).toEqual([5, 1, 9]);
    // A failed task frees its place too.
    settle.get(5)!.reject(new Error('offline'));
    await tick();
    expect(started).toEqual([5, 1, 9, 3]);
  });

  it('asks for each id once, until it is forgotten', async () => {
    const queue = demandQueue(4);
    const { started, settle, task } = tasks();
    queue.request(7, task(7));
    queue.request(7, task(7));
    expect(started).toEqual([7]);
    settle.get(7)!.resolve();
    await tick();
    queue.request(7, task(7));
    expect(started).toEqual([7]);
    queue.forget(7);
    queue.request(7, task(7));
    expect(started).toEqual([7, 7]);
  });

  it('does not hold a place for a task with nothing to do', async () => {
    const queue = demandQueue(1);
    const { started, settle, task } = tasks();
    queue.request(1, () => undefined);
    queue.request(2, task(2));
    expect(started).toEqual([2]);
    queue.request(3, task(3));
    expect(started).toEqual([2]);
    settle.get(2)!.resolve();
    await tick();
    expect(started).toEqual([2, 3]);
  });
});
