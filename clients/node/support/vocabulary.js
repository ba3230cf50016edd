// What petflowd says of its own vocabulary, for the tests that check what a client restates
// (index.d.ts's unions, the web binding's codes and edits): asked of a running daemon wherever
// it can say, else read from the files the daemon is checked against: the flow file schema
// (scripts/test.d/flow-schema.sh holds it to check-flows) and protocol.md (whose examples the
// Swift tests run through the binary).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { spawnClient } from './daemons.js';

const REPOSITORY = new URL('../../../', import.meta.url);
export const PROTOCOL_MD = fileURLToPath(new URL('protocol.md', REPOSITORY));
export const FLOW_SCHEMA = fileURLToPath(new URL('flows/schema/flow.schema.json', REPOSITORY));

/** The rejection of `promise`, which must reject. */
async function rejection(promise) {
  const outcome = await promise.then(
    (result) => ({ result }),
    (error) => ({ error }),
  );
  assert.ok(outcome.error, `expected an error answer, got ${JSON.stringify(outcome.result)}`);
  return outcome.error;
}

/** The row of protocol.md's table whose first cell is `name` (backticked), as its cells. */
function protocolRow(name) {
  const row = readFileSync(PROTOCOL_MD, 'utf8')
    .split('\n')
    .find((line) => line.startsWith(`| \`${name}\` |`));
  assert.ok(row, `protocol.md has no table row for \`${name}\``);
  return row.split(' | ');
}

/** The quoted strings (`"active"`) of a protocol.md table cell. */
const quotedIn = (cell) => [...cell.matchAll(/`"([^"`]+)"`/g)].map((match) => match[1]);

/** The daemon's `-32602` list of what a parameter takes: its message's "expected one of …". */
function expectedOneOf(error, parameter) {
  assert.equal(error.data?.parameter, parameter, error.message);
  const list = /expected one of (.+)$/.exec(error.message);
  assert.ok(list, `petflowd's message no longer lists what ${parameter} takes: ${error.message}`);
  return list[1].split(', ');
}

/**
 * Everything a client might restate, from `client` (a PetFlowClient of a daemon started with
 * no --flows, so that flow/list holds the built-in flows only). Each member but errorCodes is a
 * list, in the daemon's order where it has one.
 */
export async function daemonVocabulary(client) {
  const schema = JSON.parse(readFileSync(FLOW_SCHEMA, 'utf8')).$defs;
  const fields = await client.fields();
  const flows = await client.flows();
  const union = (...lists) => [...new Set(lists.flat())];

  const badEdit = await rejection(client.edit('phone', '', 0, { type: '' }));
  const { flowId: ended } = await client.start(flows[0].id);
  await client.cancel(ended);
  const { flowId, rev } = await client.start(flows[0].id);
  const errors = {
    invalidParams: await rejection(client.request('field/format', { field: 'phone' })),
    unknownFlowId: await rejection(client.state('no such flow')),
    flowEnded: await rejection(client.next(ended)),
    staleRevision: await rejection(client.update(flowId, {}, { rev: rev + 1 })),
  };
  // The languages petflowd ships texts for: a flow file's by default.
  const locales = JSON.parse(readFileSync(FLOW_SCHEMA, 'utf8')).properties.languages.default;
  const answered = [];
  for (const locale of locales) {
    answered.push(
      (await client.request('initialize', { positionEncoding: 'utf-16', locale })).locale,
    );
  }
  assert.deepEqual(answered, locales, 'petflowd does not answer in every language of the schema');
  await client.request('initialize', {
    positionEncoding: 'utf-16',
    locale: client.serverInfo.locale,
  });

  return {
    /** Every field kind: field/list's, and those only a flow's field takes (choice). */
    fieldKinds: union(
      fields.map((field) => field.kind),
      schema.field.properties.kind.enum,
    ),
    builtInFlows: flows.map((flow) => flow.id),
    methods: client.serverInfo.methods,
    editTypes: expectedOneOf(badEdit, 'edit.type'),
    inputModes: union(fields.map((field) => field.inputMode)),
    editings: union(fields.map((field) => field.editing)),
    stepKinds: union(
      schema.step.properties.kind.enum,
      flows.flatMap((flow) => flow.steps.map((step) => step.kind)),
    ),
    statuses: quotedIn(protocolRow('status')[1]),
    locales,
    /** The codes petflowd answered when provoked, by what provoked them. */
    errorCodes: Object.fromEntries(Object.entries(errors).map(([name, e]) => [name, e.code])),
    /** Every -32xxx code protocol.md mentions: petflowd's own, and those it says it never uses. */
    documentedCodes: union(
      [...readFileSync(PROTOCOL_MD, 'utf8').matchAll(/-32\d{3}/g)].map((m) => Number(m[0])),
    ),
  };
}

/** daemonVocabulary of a daemon of its own, started for it and ended after. */
export async function petflowdVocabulary() {
  const client = await spawnClient();
  try {
    return await daemonVocabulary(client);
  } finally {
    await client.close();
  }
}
