import { afterEach, describe, expect, it } from 'vitest';
import { exitWhenFlushed } from './process-exit.ts';

afterEach(() => {
  process.exitCode = undefined;
});

describe('exitWhenFlushed', () => {
  it('exits with the command code once every stream has flushed', async () => {
    const order: string[] = [];
    const stream = (name: string) => ({
      write: (_chunk: string, callback: () => void) => {
        setTimeout(() => {
          order.push(name);
          callback();
        }, 5);
        return true;
      },
    });
    process.exitCode = 1;
    await exitWhenFlushed([stream('stdout'), stream('stderr')], (code) => order.push(`exit ${code}`));
    expect(order).toEqual(['stdout', 'stderr', 'exit 1']);
  });

  it('exits 0 when no code was set', async () => {
    const codes: number[] = [];
    await exitWhenFlushed([], (code) => codes.push(code));
    expect(codes).toEqual([0]);
  });
});
