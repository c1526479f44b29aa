/**
 * Values nested too deeply for a recursive built-in: a built-in error, not a stack overflow
 * escaping the evaluation. Checked in a process of its own, with the modules loaded as they run
 * outside the test runner. The runner loads them through Vite's transform, which wraps each
 * export in a getter answering `undefined` for any exception: a stack overflow landing in one
 * (where the stack runs out depends on the Node release) surfaced as "undefined is not a
 * function" instead.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

const DEEP_PROBE = `
import { standardBuiltins } from './rego/builtins/index.ts';
import { failure, testContext } from './rego/builtins/test-support.ts';
let deep = 1;
for (let i = 0; i < 200_000; i++) deep = [deep];
let walk;
try {
  [...standardBuiltins.get('walk').call([deep], testContext())];
} catch (e) {
  walk = e.message;
}
console.log(JSON.stringify({ marshal: failure('json.marshal', deep), walk }));
`;

describe('deeply nested values', () => {
  it('fail with a built-in error instead of overflowing the stack', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', DEEP_PROBE],
      { cwd: fileURLToPath(new URL('../..', import.meta.url)) },
    );
    expect(JSON.parse(stdout)).toEqual({
      marshal: { code: 'eval_builtin_error', message: 'json.marshal: value nested too deeply' },
      walk: 'walk: value nested too deeply',
    });
  });
});
