/**
 * Files of documents over HTTP with the application on a real Topaz: the same suite the embedded
 * engine passes (test/app-files.test.ts) — typed by content, safe headers, authorized as their
 * document, trash, refusals, forgeries.
 */
import { describeDocumentFiles } from '../support/document-files-suite.ts';
import { startTopazTestApp } from '../support/topaz-app.ts';

describeDocumentFiles('files of documents, on Topaz', () => startTopazTestApp());
