/**
 * @module Go's `text/template` over Rego data, as OPA's `strings.render_template` uses it:
 * lexer, parser, executor, the predefined functions and Go's printing of values.
 */
export { TemplateExecError } from './evaluator.ts';
export { TemplateParseError } from './parser.ts';
export { renderGoTemplate } from './render.ts';
export { TemplateDataError } from './template-data.ts';
