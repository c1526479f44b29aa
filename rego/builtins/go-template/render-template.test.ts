import { describe, expect, it } from 'vitest';
import { fromJson, makeObject, SetValue, type Value } from '../../value/index.ts';
import { call, failure } from '../test-support.ts';

const render = (template: string, vars: unknown = {}): Value | undefined =>
  call('strings.render_template', template, fromJson(vars as never));
const renderError = (template: string, vars: unknown = {}): string =>
  failure('strings.render_template', template, fromJson(vars as never)).message;

describe('strings.render_template', () => {
  it('prints fields, dot and variables, numbers as their JSON text', () => {
    expect(render('{{.test}}', { test: 'hello world' })).toBe('hello world');
    expect(render('{{.n}} {{.f}}', { n: 2023, f: 1.5 })).toBe('2023 1.5');
    expect(render('{{$x := .a.b}}{{$x}}{{$x = 3}}{{$x}}{{$.a.b}}', { a: { b: 1 } })).toBe('131');
  });

  it('renders a missing key as <undefined>, as OPA does', () => {
    expect(render('test {{.foo}} {{.bar}} {{.baz}}', { baz: 1 })).toBe('test <undefined> <undefined> 1');
    expect(render('{{.a.b.c}}', { a: {} })).toBe('<undefined>');
  });

  it('prints composite values with Go fmt', () => {
    expect(render('{{.}}', { x: 1, a: [1, 2.5, 's', null, true, { b: {} }] })).toBe(
      'map[a:[1 2.5 s <nil> true map[b:map[]]] x:1]',
    );
  });

  it('ranges over arrays and over objects in key order, with else, break and continue', () => {
    expect(
      render('{{range $i, $name := .names}}{{if $i}},{{end}}hello {{$name}}{{end}}', {
        names: ['rohan', 'john doe'],
      }),
    ).toBe('hello rohan,hello john doe');
    expect(render('{{range $k, $v := .m}}{{$k}}={{$v}};{{end}}', { m: { b: 2, a: 1 } })).toBe('a=1;b=2;');
    expect(render('{{range .m}}x{{else}}none{{end}}', { m: [] })).toBe('none');
    expect(render('{{range .m}}{{if eq . "2"}}{{break}}{{end}}{{.}}{{end}}', { m: [1, 2, 3] })).toBe('1');
    expect(render('{{range .m}}{{if eq . "2"}}{{continue}}{{end}}{{.}}{{end}}', { m: [1, 2, 3] })).toBe('13');
    expect(render('{{range 3}}{{.}}{{end}}')).toBe('012');
  });

  it('branches with if / else if / with, Go truth and trim markers', () => {
    const tmpl = '{{if .a}}A{{else if .b}}B{{else}}C{{end}}';
    expect(render(tmpl, { a: false, b: 0 })).toBe('B');
    expect(render(tmpl, { a: '', b: '' })).toBe('C');
    expect(render('{{with .a}}{{.b}}{{else}}none{{end}}', { a: { b: 'in' } })).toBe('in');
    expect(render('a  {{- .x -}}  b {{/* note */}}c', { x: 1 })).toBe('a1b c');
  });

  it('has Go functions: comparisons, logic, len, index, slice, printing and escapers', () => {
    expect(render('{{and .a .b}}|{{or .a .b}}|{{not .a}}', { a: 1, b: 0 })).toBe('0|1|false');
    expect(render('{{lt 1 2}} {{le 2 2}} {{gt 3 2}} {{ge 1 2}} {{ne 1 2}} {{eq 1 2 3 1}}')).toBe(
      'true true true false true true',
    );
    expect(
      render('{{len .s}} {{index .a 1}} {{slice .a 1}} {{index .m "k"}}', {
        s: 'héllo',
        a: [1, 2],
        m: { k: 'v' },
      }),
    ).toBe('6 2 [2] v');
    expect(render('{{printf "%d %v %5.2f" .n .n 3.14159}}', { n: 7 })).toBe('%!d(json.Number=7) 7  3.14');
    expect(render('{{print 1 2 "a" .x}}|{{println 1 .x}}', { x: 7 })).toBe('1 2a7|1 7\n');
    expect(render('{{html "<a&>"}} {{js "a\'b"}} {{urlquery "a b&"}}')).toBe("&lt;a&amp;&gt; a\\'b a+b%26");
  });

  it("calls json.Number's methods as OPA v1.15.2 does", () => {
    expect(render('{{.n.Int64}} {{.n.Float64}} {{.n.String}}', { n: 5 })).toBe('5 5 5');
    expect(renderError('{{.n.Int64}}', { n: 1.5 })).toContain(
      'error calling Int64: strconv.ParseInt: parsing "1.5": invalid syntax',
    );
  });

  it('calls defined templates and blocks', () => {
    expect(render('{{define "T"}}hello {{.}}{{end}}{{template "T" .a}}', { a: 'x' })).toBe('hello x');
    expect(render('{{block "B" .a}}[{{.}}]{{end}}', { a: 1 })).toBe('[1]');
  });

  it('reports parse errors with the template line', () => {
    expect(renderError('{{.x')).toBe('strings.render_template: template: template:1: unclosed action');
    expect(renderError('a\n{{foo}}')).toBe(
      'strings.render_template: template: template:2: function "foo" not defined',
    );
    expect(renderError('{{end}}')).toBe('strings.render_template: template: template:1: unexpected {{end}}');
  });

  it('reports execution errors with position and node', () => {
    expect(renderError('{{.x.y}}', { x: 1 })).toBe(
      'strings.render_template: template: template:1:4: executing "template" at <.x.y>: can\'t evaluate field y in type interface {}',
    );
    expect(renderError('{{eq .x 1}}', { x: 1 })).toBe(
      'strings.render_template: template: template:1:2: executing "template" at <eq .x 1>: error calling eq: incompatible types for comparison: json.Number and int',
    );
    expect(renderError('{{index .a 5}}', { a: [1] })).toContain('error calling index: index out of range: 5');
  });

  it("refuses vars that are not JSON, with the JSON decoder's message, as OPA decodes them", () => {
    const fail = (vars: Value) => failure('strings.render_template', '{{.x}}', vars);
    expect(fail(makeObject([['x', new SetValue([1, 2])]]))).toEqual({
      code: 'eval_builtin_error',
      message: "strings.render_template: invalid character '1' looking for beginning of object key string",
    });
    expect(fail(makeObject([['x', new SetValue()]])).message).toContain(
      "invalid character 's' looking for beginning of value",
    );
    expect(fail(makeObject([[1, 2]])).message).toContain(
      "invalid character '1' looking for beginning of object key string",
    );
  });

  it('type-checks its operands', () => {
    expect(failure('strings.render_template', 1, {}).code).toBe('eval_type_error');
    expect(failure('strings.render_template', '', [1]).message).toBe(
      'strings.render_template: operand 2 must be object but got array',
    );
  });
});
