/**
 * Files of documents over HTTP against the real stack, as a team and an attacker use them: what is
 * stored and how it is served, who reaches it, and the pages' forms and forgeries — one suite for
 * every decision service.
 */
import { describe } from 'vitest';
import { describeFileAccess } from './document-files-access.ts';
import { describeFileContent } from './document-files-content.ts';
import { documentFilesFixture } from './document-files-fixture.ts';
import { describeFileForms } from './document-files-forms.ts';
import type { TestApp } from './test-app.ts';

/**
 * Declares the suite (the embedded engine in `test/app-files.test.ts`, Topaz in `test/topaz/app-files.topaz.test.ts`).
 *
 * @param start starts the application under test (stopped after the suite)
 * @example
 * describeDocumentFiles('files of documents', () => startTestApp());
 */
export function describeDocumentFiles(title: string, start: () => Promise<TestApp>): void {
  describe(title, () => {
    const files = documentFilesFixture(start);
    describeFileContent(files);
    describeFileAccess(files);
    describeFileForms(files);
  });
}
