/**
 * Facts about the local files pages use as attachments: SHA-1 (compared with the hash stored on
 * the wiki), size and media type. Each file is read once per build.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** A local file as an attachment source. */
export interface LocalFile {
  /** Docs-relative POSIX path. */
  readonly sourcePath: string;
  readonly absolutePath: string;
  readonly sha1: string;
  readonly size: number;
  readonly mediaType: string;
}

const MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.bmp': 'image/bmp',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.json': 'application/json',
  '.yaml': 'application/yaml',
  '.yml': 'application/yaml',
  '.xml': 'application/xml',
  '.zip': 'application/zip',
  '.mp4': 'video/mp4',
  '.drawio': 'application/vnd.jgraph.mxfile',
};

/** The media type of a file name (`application/octet-stream` when unknown). */
export function mediaTypeOf(fileName: string): string {
  return MEDIA_TYPES[path.extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}

/** Reads a docs file and describes it. */
export async function describeLocalFile(docsDir: string, sourcePath: string): Promise<LocalFile> {
  const absolutePath = path.join(docsDir, ...sourcePath.split('/'));
  const data = await readFile(absolutePath);
  return {
    sourcePath,
    absolutePath,
    sha1: createHash('sha1').update(data).digest('hex'),
    size: data.byteLength,
    mediaType: mediaTypeOf(sourcePath),
  };
}
