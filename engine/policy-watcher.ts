/**
 * Watches a policy directory tree and calls back once it has been quiet for a while.
 *
 * Each directory of the tree gets its own (non-recursive) `fs.watch`, and the set of watched
 * directories follows the tree as directories come and go. Node 20's `recursive: true` is not
 * used: on Linux it is emulated per file and loses a file once an editor has saved it by
 * renaming a temporary file over it, so the second save would go unnoticed. Every event counts
 * (an editor's temporary files included); the service skips reloads whose files did not change.
 * New directories are watched from the end of the quiet period on; the reload that follows reads
 * the whole tree, so files written into them before that are not missed.
 */
import { type Dirent, type FSWatcher, readdirSync, watch } from 'node:fs';
import path from 'node:path';

/** A running watcher. */
export interface PolicyWatcher {
  /** Stops watching and drops a pending callback. */
  close(): void;
}

/** Options of {@link watchPolicyDirectory}. */
export interface PolicyWatcherOptions {
  /** Quiet time after the last event before `onChange`, in ms. */
  readonly debounceMs: number;
  /** Called once per burst of changes. */
  readonly onChange: () => void;
  /** Called when the root directory can no longer be watched (e.g. it was removed); watching stops. */
  readonly onError: (error: Error) => void;
}

/** The directories of the tree below `root` (itself included), dot-directories and symbolic links skipped. */
function directoriesOf(root: string): string[] {
  const found = [root];
  for (let i = 0; i < found.length; i++) {
    let entries: Dirent[];
    try {
      entries = readdirSync(found[i] as string, { withFileTypes: true });
    } catch {
      continue; // removed meanwhile: the next event of its parent prunes it
    }
    for (const entry of entries) {
      if (entry.isDirectory() && !entry.name.startsWith('.'))
        found.push(path.join(found[i] as string, entry.name));
    }
  }
  return found;
}

/**
 * Starts watching the tree below `dir`. The watcher does not keep the process alive.
 *
 * @throws when `dir` cannot be watched (e.g. it does not exist)
 * @example
 * const watcher = watchPolicyDirectory('policies', { debounceMs: 100, onChange: reload, onError: warn });
 * watcher.close();
 */
export function watchPolicyDirectory(dir: string, options: PolicyWatcherOptions): PolicyWatcher {
  const watchers = new Map<string, FSWatcher>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const stop = () => {
    closed = true;
    clearTimeout(timer);
    for (const watcher of watchers.values()) watcher.close();
    watchers.clear();
  };
  const fire = () => {
    timer = undefined;
    if (closed) return;
    follow();
    options.onChange();
  };
  const changed = () => {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(fire, options.debounceMs);
    timer.unref();
  };
  const add = (directory: string) => {
    const watcher = watch(directory, { persistent: false }, changed);
    watcher.on('error', (error) => {
      if (directory !== dir) {
        watcher.close();
        watchers.delete(directory);
      } else if (!closed) {
        stop();
        options.onError(error);
      }
    });
    watchers.set(directory, watcher);
  };
  /** Starts watching new directories and stops watching removed ones. */
  const follow = () => {
    const current = new Set(directoriesOf(dir));
    for (const [directory, watcher] of watchers) {
      if (directory !== dir && !current.has(directory)) {
        watcher.close();
        watchers.delete(directory);
      }
    }
    for (const directory of current) {
      if (watchers.has(directory)) continue;
      try {
        add(directory);
      } catch (error) {
        if (directory === dir) throw error;
      }
    }
  };

  add(dir);
  follow();
  return { close: stop };
}
