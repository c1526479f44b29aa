/**
 * `strings.render_template(template, vars)`: Go's `text/template` with the vars object as data,
 * as OPA runs it (no `missingkey` option: a missing key renders as `<undefined>`). Parse,
 * data and execution failures are built-in errors carrying Go's message.
 */
import type { BuiltinDefinition } from '../../builtin.ts';
import { builtinError, defineFunction, objectArg, stringArg } from '../operands.ts';
import { TemplateExecError } from './evaluator.ts';
import { TemplateParseError } from './parser.ts';
import { renderGoTemplate } from './render.ts';
import { TemplateDataError } from './template-data.ts';

const NAME = 'strings.render_template';

/** The `strings.render_template` built-in. */
export const renderTemplateBuiltins: readonly BuiltinDefinition[] = [
  defineFunction(NAME, 2, (args) => {
    const text = stringArg(NAME, args, 0);
    const vars = objectArg(NAME, args, 1);
    try {
      return renderGoTemplate('template', text, vars).replaceAll('<no value>', '<undefined>');
    } catch (e) {
      if (e instanceof TemplateParseError || e instanceof TemplateExecError || e instanceof TemplateDataError)
        throw builtinError(NAME, e.message, e);
      throw e;
    }
  }),
];
