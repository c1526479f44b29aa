/**
 * Modules for `rego.parse_module`'s comparison with OPA (`rego-parse-module.interop.test.ts`):
 * every kind of rule head, body expression, term, import and comment, and parse errors.
 */

/** Rego expressions, each evaluated by the engine and by OPA. */
export const parseModuleExpressions: readonly string[] = [
  'rego.parse_module("x.rego", "package a\\np := 1")',
  'rego.parse_module("x.rego", "package foo.bar\\n\\nimport rego.v1\\nimport data.a\\n\\np if { a = true }")',
  'rego.parse_module("x.rego", "package foo.")',
  'rego.parse_module("x.rego", "package a\\np := 1 +")',
  'rego.parse_module("x.rego", "package foo.bar\\n\\nimport rego.v1\\nimport data.a\\nimport input.x as y\\n\\n# METADATA\\n# title: hi\\ndefault allow := false\\n\\np if { a = true }\\n\\nq[x] := 1 if { some x in [1, 2] }\\n\\nf(x, y) := x + y\\n\\nr contains z if {\\n\\tz := [1, \\"s\\", null, true, {\\"k\\": 1}, {1, 2}, set()]\\n\\tnot q[1]\\n\\tevery k, v in {\\"a\\": 1} { v > 0 }\\n\\tc := [w | w := 1]\\n\\td := {w | w := 1}\\n\\te := {w: 1 | w := 1}\\n\\tf(1, 2) with input as {} with data.a as 1\\n\\ty.z[_]\\n\\t1 == 1; 2 != 3\\n}\\n\\ns := 1 if false else := 2\\n")',
  'rego.parse_module("x.rego", "package a\\na.b.c := 1\\nq[x] if { x := 1 }\\nr.s[x] := 2 if { x := 1 }\\nt contains 1\\nu.v contains 2\\nw[1] := 3\\nf(x) if x\\ng(x) = y if { y := x } else = 3\\nh := 5 if { false } else := 6 if { true } else := 7\\ndefault k := 1\\nm = 1")',
  'rego.parse_module("x.rego", "package a\\np if { every x in [1] { x } }\\nq if { x in [1]; 1, 2 in [3]; some k, v in [1]; some y; some a, b }\\nr := [x | some x in [1]]\\ns := __local0__ if { __local0__ := 1 }")',
  'rego.parse_module("x.rego", "package a.b.c\\nimport input.x as y\\nimport data.q\\nimport future.keywords.in\\n# a comment\\np.q.r if { y[_] == q[_] } # trailing\\nx := {\\"a\\": [1, 2.5, -3, 1e3, \\"\\u00e9\\"], \\"b\\": null, \\"c\\": {1, \\"s\\"}, \\"d\\": set(), \\"e\\": {}}\\nf(_, x) := x * 2 - 1 / 3 % 4\\ng(a, b) := a | b & a\\nh if { not input.x; input.y != 1; input.z >= 2 }\\ni if count([1]) > 0\\nj if { x := input.a.b[\\"c\\"][0]; x.y }\\nk := 1 if input.a else := 2 if input.b else := 3\\nl if { input.x with input as 1 with data.a.b as {\\"x\\": 1} }\\nm[x] := y if { some x, y in {\\"a\\": 1} }\\ndefault n(_) := false\\no contains x if { some x in [1] }\\n")',
  'rego.parse_module("x.rego", "package a\\n\\n# METADATA\\n# title: t\\n# description: d\\np := 1 # c1\\n#c2\\n\\t# c3 \\u00e9")',
  'rego.parse_module("x.rego", "package a\\nimport rego.v1\\np if { input.x == `raw # not a comment` }\\nq := \\"str # nope\\" # yes")',
  'rego.parse_module("x.rego", "package a\\np := 1\\np := 2")',
  'rego.parse_module("x.rego", "package a\\nf(x) := x\\nf(1) := 2\\ng(x, y) if x > y\\nh := x if { x := f(1) }\\n")',
  'rego.parse_module("x.rego", "package a\\np := data.x.y[z] if { z := \\"k\\" }\\nq := input[0][1]\\nr := [1,2][0]")',
  'rego.parse_module("x.rego", "package a\\nimport data.x.y.z as w\\np if w.v\\n")',
  'rego.parse_module("x.rego", "package a\\np if { [a, b] := [1, 2]; {\\"k\\": c} = {\\"k\\": 3} }\\n")',
  'rego.parse_module("x.rego", "package a\\np := {x: y | x := 1; y := 2}\\nq := {x | x := 1}\\n")',
  'rego.parse_module("x.rego", "package a\\np if {\\n  some i\\n  input.x[i] == 1\\n}\\n")',
  'rego.parse_module("x.rego", "package a\\np if input.x\\nelse := 3")',
  'rego.parse_module("x.rego", "package a\\np := 5 if false\\nelse if true")',
  'rego.parse_module("x.rego", "package a\\ndefault p := {\\"a\\": [1, null]}\\ndefault q(x) := 1\\n")',
  'rego.parse_module("x.rego", "package a\\np := 12345678901234567890123\\nq := 1.5e300\\nr := -0.5")',
  'rego.parse_module("x.rego", "package a\\np.q contains 1 if true\\nr[1] contains 2 if true")',
];
