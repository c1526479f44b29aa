/**
 * Generated Markdown for benchmarks and larger tests: pages with the usual mix of headings,
 * lists, tables, code, admonitions, links to other pages (with anchors) and images, written as a
 * bare docs folder of `sections` folders.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

const PER_SECTION = 100;

/** The docs-relative path of generated page number `n`. */
export function generatedPagePath(n: number): string {
  return `section-${Math.floor(n / PER_SECTION)}/page-${n}.md`;
}

/**
 * The Markdown of generated page `n` of `total` (deterministic).
 *
 * @example
 * const markdown = generatedPage(7, 1000);
 */
export function generatedPage(n: number, total: number): string {
  const next = (n + 1) % total;
  const section = Math.floor(n / PER_SECTION);
  const link = path.posix.relative(`section-${section}`, generatedPagePath(next));
  return `# Page ${n}

Page ${n} explains *topic ${n}* with **emphasis**, \`inline code\` and a [link to page ${next}](${link}#details).
See also [the vendor](https://example.com/docs?page=${n}&lang=en).

![Diagram](../images/diagram-${n % 50}.png)

## Details

- First point about ${n}
- Second point with a [task](#details)
  - Nested point

1. Step one
2. Step two

| Key | Value | Notes |
|-----|-------|-------|
| a${n} | ${n * 2} | <br> line |
| b${n} | ${n * 3} | ~~old~~ |

!!! warning "Careful with ${n}"
    Admonition body for page ${n}.

> [!TIP]
> A GitHub-style tip.

\`\`\`python title="example_${n}.py"
def handler_${n}(event):
    return {"status": ${n}, "body": "]]> & <tag>"}
\`\`\`

- [x] Reviewed
- [ ] Published
`;
}

/** Writes a generated bare docs folder with `total` pages and 50 images; returns the docs folder. */
export async function writeGeneratedSite(root: string, total: number): Promise<string> {
  const docs = path.join(root, 'docs');
  await mkdir(path.join(docs, 'images'), { recursive: true });
  for (let image = 0; image < 50; image++) {
    await writeFile(path.join(docs, 'images', `diagram-${image}.png`), `image ${image}`);
  }
  for (let section = 0; section * PER_SECTION < total; section++) {
    await mkdir(path.join(docs, `section-${section}`), { recursive: true });
    await writeFile(
      path.join(docs, `section-${section}`, 'index.md'),
      `# Section ${section}\n\nPages of section ${section}.\n`,
    );
  }
  for (let n = 0; n < total; n++)
    await writeFile(path.join(docs, generatedPagePath(n)), generatedPage(n, total));
  return docs;
}
