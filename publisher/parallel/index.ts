/**
 * @module publisher/parallel
 * Bounded parallelism for file reads, page uploads and attachment uploads.
 */
export type { TaskLimit } from './task-limit.ts';
export { createTaskLimit } from './task-limit.ts';
