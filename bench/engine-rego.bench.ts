/**
 * `npm run bench -- engine-rego`: µs per document decision of the embedded Rego engine on the
 * specification's rules (owner, write share, read share, public, restricted country) over
 * resource-context data, next to a hand-written TypeScript function and Casbin (ABAC matcher)
 * deciding the same; plus the time to load (parse, compile) the application-style policy set.
 * Targets: ≤ 3 µs median per decision, ≤ 50 ms to load.
 */

import { compilePolicies, type PolicyModule } from '@gatehousejs/engine';
import { newEnforcer, newModelFromString } from 'casbin';
import { standardBuiltins } from '../rego/index.ts';
import { formatDuration, measure, printTable } from './measure.ts';

const TARGET_DECISION_NS = 3_000;
const TARGET_LOAD_NS = 50_000_000;

const pkg = (method: string, path: string, rule: string) => `package webapp.${method}.api.${path}

import rego.v1
import data.webapp.common

default allowed := false

allowed if {
  not common.restricted
  ${rule}
}
`;

/** Policies in the style of the application: common rules, location restriction, one package per route. */
const MODULES: PolicyModule[] = [
  {
    file: 'common.rego',
    source: `package webapp.common

import rego.v1

user := input.identity.value

document := input.resource.document

share := document.shares[user]

is_owner if document.owner_id == user

can_read if is_owner

can_read if share in {"read", "write"}

can_read if document.is_public == true

can_write if is_owner

can_write if share == "write"

signed_in if input.identity.type == "IDENTITY_TYPE_SUB"
`,
  },
  {
    file: 'location.rego',
    source: `package webapp.common

import rego.v1

restricted_countries := {"CN", "KP", "IR"}

restricted if input.resource.country in restricted_countries
`,
  },
  { file: 'get-list.rego', source: pkg('GET', 'documents', 'common.signed_in') },
  { file: 'get-item.rego', source: pkg('GET', 'documents.__id', 'common.can_read') },
  { file: 'post.rego', source: pkg('POST', 'documents', 'common.signed_in') },
  { file: 'put.rego', source: pkg('PUT', 'documents.__id', 'common.can_write') },
  { file: 'delete.rego', source: pkg('DELETE', 'documents.__id', 'common.is_owner') },
  { file: 'share.rego', source: pkg('POST', 'shares', 'common.is_owner') },
  {
    file: 'check.rego',
    source: `package webapp.check

import rego.v1

relations := {"can_read": {"owner", "reader", "writer"}, "can_write": {"owner", "writer"}, "can_share": {"owner"}, "can_delete": {"owner"}}

allowed if {
  some relation in data.relations[input.resource.object_type][input.resource.object_id][input.identity.value]
  relation in relations[input.resource.relation]
}
`,
  },
];

interface Doc {
  owner_id: string;
  is_public: boolean;
  shares: Record<string, string>;
}

interface DecisionInput {
  identity: { type: string; value: string };
  policy: { path: string };
  resource: { id: string; country: string; document: Doc };
}

const doc: Doc = { owner_id: 'alice', is_public: false, shares: { bob: 'read', carol: 'write' } };
const inputFor = (user: string, country: string, document: Doc = doc): DecisionInput => ({
  identity: { type: 'IDENTITY_TYPE_SUB', value: user },
  policy: { path: 'webapp.GET.api.documents.__id' },
  resource: { id: '42', country, document },
});

/** One input per row of the rules table, each with its expected read decision. */
const CASES: [DecisionInput, boolean][] = [
  [inputFor('alice', 'FR'), true],
  [inputFor('carol', 'DE'), true],
  [inputFor('bob', 'US'), true],
  [inputFor('dave', 'FR', { ...doc, is_public: true }), true],
  [inputFor('dave', 'FR'), false],
  [inputFor('alice', 'CN'), false],
];

const RESTRICTED = new Set(['CN', 'KP', 'IR']);

/** The same read decision written by hand. */
function handWritten(input: DecisionInput): boolean {
  if (RESTRICTED.has(input.resource.country)) return false;
  const user = input.identity.value;
  const d = input.resource.document;
  if (d.owner_id === user) return true;
  const share = d.shares[user];
  return share === 'read' || share === 'write' || d.is_public === true;
}

const CASBIN_MODEL = `
[request_definition]
r = sub, obj, act

[policy_definition]
p = act

[policy_effect]
e = some(where (p.eft == allow))

[matchers]
m = r.act == p.act && !restricted(r.obj.country) && (r.obj.document.owner_id == r.sub || canRead(r.obj.document, r.sub))
`;

async function casbinDecider(): Promise<(input: DecisionInput) => boolean> {
  const enforcer = await newEnforcer(newModelFromString(CASBIN_MODEL));
  await enforcer.addFunction('restricted', (country: string) => RESTRICTED.has(country));
  await enforcer.addFunction('canRead', (d: Doc, user: string) => {
    const share = Object.hasOwn(d.shares, user) ? d.shares[user] : undefined;
    return share === 'read' || share === 'write' || d.is_public === true;
  });
  await enforcer.addPolicy('read');
  return (input) => enforcer.enforceSync(input.identity.value, input.resource, 'read');
}

/** Median CPU nanoseconds per call (steadier than wall time on a shared machine). */
function cpuNs(operation: () => unknown, batch = 20_000, rounds = 15): number {
  const perOp: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = process.cpuUsage();
    for (let i = 0; i < batch; i++) operation();
    const used = process.cpuUsage(start);
    perOp.push(((used.user + used.system) * 1_000) / batch);
  }
  perOp.sort((a, b) => a - b);
  return perOp[Math.floor(perOp.length / 2)] as number;
}

function rotating(decide: (input: DecisionInput) => unknown): () => unknown {
  let i = 0;
  return () => decide((CASES[i++ % CASES.length] as [DecisionInput, boolean])[0]);
}

/** Runs the benchmark and prints its figures. */
export async function run(): Promise<void> {
  const load = await measure('load', () => compilePolicies(MODULES, { builtins: standardBuiltins }), {
    batch: 1,
    samples: 30,
    warmup: 5,
  });
  const policies = compilePolicies(MODULES, { builtins: standardBuiltins, data: { relations: {} } });
  const rego = (input: DecisionInput) => policies.evaluate('webapp.GET.api.documents.__id.allowed', input);
  const casbin = await casbinDecider();
  for (const [input, want] of CASES) {
    for (const [name, decide] of [
      ['rego', rego],
      ['hand-written', handWritten],
      ['casbin', casbin],
    ] as const) {
      if (decide(input) !== want) throw new Error(`${name} decided wrongly for ${JSON.stringify(input)}`);
    }
  }

  const deciders = [
    ['Rego engine (evaluate)', rego],
    ['hand-written TypeScript', handWritten],
    ['Casbin (ABAC matcher)', casbin],
  ] as const;
  const figures: { name: string; median: number; p99: number; cpu: number }[] = [];
  for (const [name, decide] of deciders) {
    const op = rotating(decide);
    const wall = await measure(name, op, { batch: 2_000, samples: 200, warmup: 20_000 });
    figures.push({ name, median: wall.medianNs, p99: wall.p99Ns, cpu: cpuNs(op) });
  }
  const [regoFig, handFig, casbinFig] = figures as [
    (typeof figures)[0],
    (typeof figures)[0],
    (typeof figures)[0],
  ];
  printTable(
    'engine-rego: document read decision (mix of the 6 rules-table cases)',
    figures.map((f) => ({
      decider: f.name,
      'wall median': formatDuration(f.median),
      'wall p99': formatDuration(f.p99),
      'CPU median': formatDuration(f.cpu),
      'vs hand-written': `${(f.cpu / handFig.cpu).toFixed(1)}×`,
    })),
  );
  printTable('engine-rego: loading', [
    {
      what: `parse + compile ${MODULES.length} modules`,
      median: formatDuration(load.medianNs),
      p99: formatDuration(load.p99Ns),
    },
  ]);
  const decision = regoFig.median;
  console.log(
    `\nRego takes ${(regoFig.cpu / handFig.cpu).toFixed(1)}× the hand-written function's time; Casbin takes ` +
      `${(casbinFig.cpu / regoFig.cpu).toFixed(1)}× Rego's (CPU medians).`,
  );
  console.log(
    `Target ≤ ${formatDuration(TARGET_DECISION_NS)} median per decision: ${decision <= TARGET_DECISION_NS ? 'met' : 'MISSED'} (${formatDuration(decision)} wall); ` +
      `target ≤ ${formatDuration(TARGET_LOAD_NS)} to load: ${load.medianNs <= TARGET_LOAD_NS ? 'met' : 'MISSED'} (${formatDuration(load.medianNs)}).`,
  );
}
