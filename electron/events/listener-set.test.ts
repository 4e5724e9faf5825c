import { describe, expect, it } from 'vitest';
import { createStationEvents } from '../ipc/station-events';
import { createListenerSet } from './listener-set';

describe('listener set', () => {
  it('calls every listener in order, past one that throws, and stops a removed one', () => {
    const set = createListenerSet<number>();
    const seen: string[] = [];
    const stopFirst = set.add((value) => seen.push(`first ${value}`));
    set.add(() => {
      throw new Error('closed window');
    });
    set.add((value) => seen.push(`last ${value}`));
    expect(() => set.emit(1)).not.toThrow();
    stopFirst();
    set.emit(2);
    expect(seen).toEqual(['first 1', 'last 1', 'last 2']);
  });
});

describe('station events', () => {
  it('hands each subscriber the event name and payload, past a subscriber that throws, until it unsubscribes', () => {
    const events = createStationEvents();
    const seen: [string, unknown][] = [];
    events.subscribe(() => {
      throw new Error('event stream dropped');
    });
    const unsubscribe = events.subscribe((name, payload) => seen.push([name, payload]));
    expect(() => events.emit('orders.changed', { at: 1 })).not.toThrow();
    unsubscribe();
    events.emit('orders.changed', { at: 2 });
    expect(seen).toEqual([['orders.changed', { at: 1 }]]);
  });
});
