/**
 * The report as GitHub Actions workflow commands (`::warning file=…,line=…::message`), so that
 * warnings and failures show on the pull request's files: content warnings at their Markdown file
 * and line (relative to the working directory, as the checkout is), the rest without a place.
 * A warning that occurred several times is annotated once, at its first place, with its count.
 */
import path from 'node:path';
import type { Problem, PublishReport } from './publish-report.ts';

const PLACE = /^(.+?):(\d+)$/;

function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function annotation(
  level: 'warning' | 'error',
  problem: Problem,
  report: PublishReport,
  cwd: string,
): string {
  const place = problem.places?.[0] ?? problem.page;
  const located = place ? PLACE.exec(place) : null;
  const properties = [`title=${escapeProperty(`wiki-publish ${problem.kind} ${level}`)}`];
  let message = problem.message;
  if (located?.[1] && located[2] && report.docsDir) {
    const file = path.relative(cwd, path.join(report.docsDir, located[1])).split(path.sep).join('/');
    properties.unshift(`file=${escapeProperty(file)}`, `line=${located[2]}`);
  } else if (place) message = `${place}: ${message}`;
  const count = problem.count ?? 1;
  if (count > 1) message += ` (${count} times: ${(problem.places ?? []).slice(0, 10).join(', ')})`;
  return `::${level} ${properties.join(',')}::${escapeData(message)}`;
}

/**
 * The workflow commands for a report, one per line.
 *
 * @param cwd the folder file paths are made relative to (the repository checkout)
 * @example
 * process.stdout.write(githubAnnotations(report, process.cwd()));
 */
export function githubAnnotations(report: PublishReport, cwd: string): string {
  const lines = [
    ...report.warnings.map((warning) => annotation('warning', warning, report, cwd)),
    ...report.failures.map((failure) => annotation('error', failure, report, cwd)),
  ];
  if (report.error)
    lines.push(
      `::error title=${escapeProperty('wiki-publish stopped')}::${escapeData(report.error.message)}`,
    );
  return lines.map((line) => `${line}\n`).join('');
}
