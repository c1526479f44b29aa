/**
 * A document's files as its Markdown refers to them: by lower-case name, with where each is served.
 */
import type { DocumentFile } from '../../db/index.ts';
import { fileUrl } from '../../services/index.ts';
import type { DocumentFiles } from './render-phrasing.tsx';

/**
 * The files `files/<name>` may refer to.
 *
 * @example
 * <MarkdownBody text={document.content} files={linkedFiles(await files.list(access, id))} />
 */
export function linkedFiles(files: readonly DocumentFile[]): DocumentFiles {
  return new Map(
    files.map((file) => [
      file.name.toLowerCase(),
      { name: file.name, url: fileUrl(file), mediaType: file.mediaType },
    ]),
  );
}
