/**
 * Work done on demand, a few tasks at a time: each id is asked for once (asking again while it
 * is waiting, running or done does nothing), tasks start in the order they were asked for, and
 * an id that is forgotten (after a failure) can be asked for again.
 */
export interface DemandQueue {
  /** Queues the task for `id` unless that id was already asked for. */
  request(id: number, task: () => Promise<unknown> | undefined): void;
  /** Lets `id` be asked for again. */
  forget(id: number): void;
}

/**
 * A task that returns undefined (nothing to do) does not take a place. A task's promise should
 * settle on its own terms (handle its own errors); the queue only waits for it to settle.
 */
export function demandQueue(parallel: number): DemandQueue {
  const requested = new Set<number>();
  const waiting: (() => Promise<unknown> | undefined)[] = [];
  let active = 0;

  const pump = () => {
    while (active < parallel && waiting.length > 0) {
      const running = waiting.shift()!();
      if (!running) continue;
      active++;
      const settled = () => {
        active--;
        pump();
      };
      running.then(settled, settled);
    }
  };

  return {
    request(id, task) {
      if (requested.has(id)) return;
      requested.add(id);
      waiting.push(task);
      pump();
    },
    forget(id) {
      requested.delete(id);
    },
  };
}
