import { describe, expect, it } from 'vitest';
import { createAuthzConfig } from '../config.ts';
import { checkPolicy } from '../decision-flow.ts';
import { alice, createHarness } from '../testing/harness.ts';
import { createChangeNotifier } from './change-watcher.ts';

describe('createChangeNotifier', () => {
  it('tells every subscriber, until each unsubscribes; a throwing listener does not stop the others', () => {
    const errors: unknown[] = [];
    const changes = createChangeNotifier((error) => errors.push(error));
    const heard: (number | undefined)[] = [];
    const listener = (notice: { position?: number }) => heard.push(notice.position);
    const first = changes.subscribe(listener);
    changes.subscribe(() => {
      throw new Error('listener broke');
    });
    const second = changes.subscribe(listener);
    changes.notify({ position: 3 });
    expect(heard).toEqual([3, 3]);
    expect(errors).toEqual([new Error('listener broke')]);
    first();
    changes.notify();
    expect(heard).toEqual([3, 3, undefined]);
    second();
    changes.notify({ position: 4 });
    expect(heard).toHaveLength(3);
  });
});

describe('a change watcher in the authorization configuration', () => {
  it('clears the decision cache on every notice, and no longer after close()', async () => {
    const changes = createChangeNotifier();
    const h = createHarness({ decisionCache: { ttlSeconds: 60 }, changeWatcher: changes });
    h.service.setRule('app.GET', () => true);
    await checkPolicy(h.config, alice, 'app.GET');
    await checkPolicy(h.config, alice, 'app.GET');
    expect(h.service.calls).toBe(1);
    h.service.setRule('app.GET', () => false);
    changes.notify({ position: 1 });
    expect((await checkPolicy(h.config, alice, 'app.GET')).allowed).toBe(false);
    expect(h.service.calls).toBe(2);
    await h.config.close();
    h.config.decisionCache!.set('k', true);
    changes.notify();
    expect(h.config.decisionCache!.size).toBe(1);
  });

  it('does not cache an answer asked for before a notice and received after it', async () => {
    const changes = createChangeNotifier();
    let answer: (allowed: boolean) => void = () => {};
    let allowedNow = true;
    const service = {
      decide: () =>
        allowedNow
          ? new Promise<{ allowed: boolean }>((resolve) => (answer = (allowed) => resolve({ allowed })))
          : Promise.resolve({ allowed: false }),
    };
    const config = createAuthzConfig({
      policyPathRoot: 'app',
      decisionService: service,
      identityProvider: () => alice.identity,
      decisionCache: { ttlSeconds: 60 },
      changeWatcher: changes,
    });
    const asked = checkPolicy(config, alice, 'app.GET');
    // The service decided on the old relations; they change before its answer arrives.
    allowedNow = false;
    changes.notify();
    answer(true);
    expect((await asked).allowed).toBe(true);
    expect((await checkPolicy(config, alice, 'app.GET')).allowed).toBe(false);
  });

  it('refuses a watcher without subscribe(), naming the option', () => {
    expect(() =>
      createAuthzConfig({
        policyPathRoot: 'webapp',
        decisionService: createHarness().service,
        identityProvider: () => ({ type: 'IDENTITY_TYPE_NONE' }),
        changeWatcher: {} as never,
      }),
    ).toThrow(/changeWatcher: must be a ChangeWatcher/);
  });
});
