/**
 * The README's quick start as a test reads it: the `npm install` line, the `app.js` block and the
 * table of requests and answers below it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** One row of the quick start's table. */
export interface QuickStartRequest {
  readonly path: string;
  /** The signed-in user (`X-Demo-User`), or undefined for nobody. */
  readonly user: string | undefined;
  readonly status: number;
  /** The body the row quotes, if it quotes one. */
  readonly body: string | undefined;
}

/** What the quick start says. */
export interface QuickStart {
  /** The packages of its `npm install` line. */
  readonly packages: readonly string[];
  /** The `app.js` it shows, verbatim. */
  readonly app: string;
  readonly requests: readonly QuickStartRequest[];
}

function section(readme: string): string {
  const start = readme.indexOf('## Quick start: protect a Hono app');
  const end = readme.indexOf('\n## ', start + 1);
  if (start < 0 || end < 0) throw new Error('README.md has no "Quick start: protect a Hono app" section');
  return readme.slice(start, end);
}

/** A table row such as: | `GET /api/documents/1`, bob | 403 `{"detail":"…"}` | */
function requestOf(row: string): QuickStartRequest | undefined {
  const match = /^\| `GET ([^`]+)`(?:, ([^|]+))? \| (\d{3})(?: `([^`]*)`)?/.exec(row);
  if (!match) return undefined;
  const who = match[2]?.trim().split(' ')[0];
  return {
    path: match[1] as string,
    user: who === undefined || who === 'nobody' ? undefined : who,
    status: Number(match[3]),
    body: match[4],
  };
}

/**
 * Reads the quick start of `<root>/README.md`.
 *
 * @throws when a part is missing
 */
export async function readQuickStart(root: string): Promise<QuickStart> {
  const text = section(await readFile(path.join(root, 'README.md'), 'utf8'));
  const install = /^npm install (.+)$/m.exec(text);
  const app = /```js\n(\/\/ app\.js[\s\S]*?)```/.exec(text);
  if (!install?.[1] || !app?.[1]) throw new Error('the quick start lacks its npm install line or app.js');
  const requests = text
    .split('\n')
    .map(requestOf)
    .filter((r): r is QuickStartRequest => r !== undefined);
  return { packages: install[1].trim().split(/\s+/), app: app[1], requests };
}
