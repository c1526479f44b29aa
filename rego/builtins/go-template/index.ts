/**
 * @module rego/builtins/go-template
 * Go's `text/template` over Rego data, as OPA's `strings.render_template` uses it:
 * lexer, parser, executor, the predefined functions and Go's printing of values, and the
 * built-in itself.
 */
export { TemplateExecError } from './evaluator.ts';
export { TemplateParseError } from './parser.ts';
export { renderGoTemplate } from './render.ts';
export { renderTemplateBuiltins } from './render-template.ts';
export { TemplateDataError } from './template-data.ts';
