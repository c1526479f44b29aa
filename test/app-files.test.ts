/**
 * Files of documents over HTTP against the real stack with the embedded engine (the same suite runs
 * on Topaz in `test/topaz/app-files.topaz.test.ts`), as a team and an attacker use them: images and
 * attachments uploaded to a document, typed by their content (never by the client's claim),
 * served with safe headers, shown inline by the document's Markdown, authorized as the document
 * (owner, read and write shares, public, revoked, restricted location), following it into the
 * trash and back, and refused — with nothing stored — when too big, empty, of a refused type (SVG
 * with a script), sent as a form type, addressed through another document (IDOR), or forged from
 * another origin on every unsafe route, with or without a body.
 */
import { describeDocumentFiles } from './support/document-files-suite.ts';
import { startTestApp } from './support/test-app.ts';

describeDocumentFiles('files of documents, on the embedded engine', () => startTestApp());
