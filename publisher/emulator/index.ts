/**
 * @module publisher/emulator
 * A stateful emulation of the Confluence REST API v1 on 127.0.0.1, for the publisher's tests and
 * benchmark: spaces, pages with versions and ancestors, title and CQL search, children and
 * descendants, attachments with comments and data, Basic and Bearer authentication, and fault
 * injection (error statuses with `Retry-After`, dropped connections, delays). Not part of the
 * published command.
 */

export type { ConfluenceEmulator, EmulatorOptions, RequestRecord } from './emulator-server.ts';
export { CLOUD, DATA_CENTER, startConfluenceEmulator } from './emulator-server.ts';
export type { EmulatedAttachment, EmulatedPage, EmulatedSpace } from './emulator-state.ts';
export { EmulatorState } from './emulator-state.ts';
export type { FaultAction, FaultRule } from './faults.ts';
export { rewriteOnSave } from './storage-rewrite.ts';
