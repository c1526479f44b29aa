/**
 * Parsing and executing a template in one step, as `template.New(name).Parse(text)` followed by
 * `Execute(data)`.
 */
import type { Value } from '../../value/index.ts';
import { Execution } from './executor.ts';
import { parseTemplate } from './parser.ts';
import { templateData } from './template-data.ts';
import { INVALID } from './values.ts';

/**
 * Renders `text` as Go template `name` with `data` (a Rego object) as dot.
 * @throws {TemplateParseError} when Go's parser refuses the text
 * @throws {TemplateDataError} when the data does not decode as JSON (sets, non-string keys)
 * @throws {TemplateExecError} when execution fails
 * @example
 * renderGoTemplate('template', '{{range .xs}}{{.}} {{end}}', { xs: [1, 2] }); // '1 2 '
 */
export function renderGoTemplate(name: string, text: string, data: Value): string {
  const dot = templateData(data);
  const set = parseTemplate(name, text);
  return new Execution(set, text, name).run(dot.kind === 'nil' ? INVALID : dot);
}
