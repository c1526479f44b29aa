import { createChangeNotifier } from '@gatehousejs/core';
import { describe, expect, it } from 'vitest';
import { type DirectoryReplica, readYourWrites } from './index.ts';

/** A view whose position moves when the test says so, counting its catch-ups. */
function scriptedReplica() {
  const changes = createChangeNotifier();
  let position = 0;
  let reachable = 0;
  const state = { catchUps: 0 };
  const replica: DirectoryReplica = {
    changes,
    position: () => position,
    async catchUp() {
      state.catchUps++;
      position = Math.max(position, reachable);
    },
    delivered: () => {},
    close: async () => {},
  };
  return {
    replica,
    state,
    /** Another replica committed up to `p`: a catch-up reads it. */
    committed: (p: number) => {
      reachable = p;
    },
    /** The change notice arrives: the view advances by itself. */
    notice: (p: number) => {
      position = p;
      changes.notify({ position: p });
    },
  };
}

describe('read-your-writes on one replica', () => {
  it('answers at once for a position it holds, and reads the change log once for one committed elsewhere', async () => {
    const scripted = scriptedReplica();
    const freshness = readYourWrites({ replica: scripted.replica, maxWaitMs: 1_000 });
    expect(await freshness.reach(0)).toBe(true);
    expect(scripted.state.catchUps).toBe(0);
    scripted.committed(5);
    expect(await freshness.reach(5)).toBe(true);
    expect(scripted.state.catchUps).toBe(1);
  });

  it('waits for a notice when the log does not hold the position yet, and gives up at the bound', async () => {
    const scripted = scriptedReplica();
    const freshness = readYourWrites({ replica: scripted.replica, maxWaitMs: 300 });
    const waiting = freshness.reach(9);
    setTimeout(() => scripted.notice(9), 20);
    expect(await waiting).toBe(true);
    const started = performance.now();
    expect(await freshness.reach(1_000)).toBe(false);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });
});
