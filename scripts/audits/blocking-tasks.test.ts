import { describe, expect, test } from 'vitest';
import { blockingMs, countedTasks, describeTask } from './blocking-tasks.ts';

describe("a run's blocking time by task, as Lighthouse's simulation counts it", () => {
  const task = (start: number, end: number) => ({ start, end, duration: end - start });

  test('a task counts for what it lasts beyond 50 ms between the paint and interactive', () => {
    expect(blockingMs(task(1000, 1120), 900, 2000)).toBe(70);
    // Only its part after the paint: 1100-1180 is 80 ms, 30 of them blocking.
    expect(blockingMs(task(1000, 1180), 1100, 2000)).toBe(30);
    // Only its part before interactive.
    expect(blockingMs(task(1900, 2100), 900, 2000)).toBe(50);
    expect(blockingMs(task(1000, 1049), 900, 2000)).toBe(0);
    expect(blockingMs(task(700, 880), 900, 2000)).toBe(0);
    expect(blockingMs(task(2100, 2300), 900, 2000)).toBe(0);
    expect(blockingMs(task(1000, 1120), 1080, 2000)).toBe(0);
  });

  test('a task is named by its largest parts, a script by its file and only once when nested', () => {
    const us = (ms: number) => ms * 1000;
    expect(
      describeTask([
        { name: 'UpdateLayoutTree', ts: 0, dur: us(12.2) },
        { name: 'Layout', ts: us(13), dur: us(40.9), args: { beginData: { dirtyObjects: 267 } } },
        { name: 'Paint', ts: us(54), dur: us(1.6) },
        { name: 'PaintImage', ts: us(54.2), dur: us(1.2) },
        { name: 'Commit', ts: us(56), dur: us(0.4) },
      ]),
    ).toBe('layout (267 objects) 40.9, style 12.2, paint 1.6');
    expect(
      describeTask([
        {
          name: 'v8.evaluateModule',
          ts: 0,
          dur: us(12.8),
          args: { data: { url: 'https://a.test/_astro/client.D8Fb.js' } },
        },
        {
          name: 'FunctionCall',
          ts: us(1),
          dur: us(5),
          args: { data: { url: 'https://a.test/_astro/client.D8Fb.js' } },
        },
        { name: 'FireIdleCallback', ts: us(20), dur: us(4.1), args: { data: {} } },
        { name: 'ParseHTML', ts: us(30), dur: us(2.5), args: { beginData: {} } },
      ]),
    ).toBe('script client.D8Fb.js 12.8, script idle callback 4.1, parse 2.5');
    // A task with none of those parts: its longest events by their trace names.
    expect(
      describeTask([
        { name: 'RunTask', ts: 0, dur: us(21) },
        { name: 'HitTest', ts: us(17), dur: us(1.5) },
        { name: 'RunMicrotasks', ts: 0, dur: us(3) },
        { name: 'EventDispatch', ts: us(4), dur: us(12.5) },
      ]),
    ).toBe('EventDispatch 12.5, RunMicrotasks 3.0');
  });

  test('only the CPU tasks that count are listed, in order, with their time at full speed', () => {
    const cpu = (startTime: number, endTime: number, dur: number, childEvents: object[] = []) => [
      { type: 'cpu', event: { dur: dur * 1000 }, childEvents },
      { startTime, endTime, duration: endTime - startTime },
    ];
    const timings = new Map<object, { startTime: number; endTime: number; duration: number }>([
      cpu(1400, 1600, 20, [{ name: 'ParseHTML', ts: 0, dur: 19_000 }]) as [object, any],
      [{ type: 'network' }, { startTime: 1000, endTime: 1500, duration: 500 }],
      cpu(1000, 1100, 10) as [object, any],
      cpu(1100, 1340, 24, [{ name: 'Layout', ts: 0, dur: 20_000, args: { beginData: { dirtyObjects: 30 } } }]) as [
        object,
        any,
      ],
    ]);
    expect(countedTasks(timings, 1050, 2000)).toEqual([
      { startMs: 1100, endMs: 1340, observedMs: 24, blockingMs: 190, did: 'layout (30 objects) 20.0' },
      { startMs: 1400, endMs: 1600, observedMs: 20, blockingMs: 150, did: 'parse 19.0' },
    ]);
  });
});
