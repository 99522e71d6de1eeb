import { protocol, types, type PGlite } from '@electric-sql/pglite';

/*
 * Named prepared statements on embedded PGlite, through its wire protocol. PGlite's own query()
 * parses and plans every statement anew and crosses into WebAssembly six times to run it (parse,
 * describe, bind, describe, execute, sync); PGlite runs in the server's thread, so that is the
 * server's own time. A statement prepared here is parsed and described once per database, and then
 * runs in two crossings (bind + execute, sync) with the plan PostgreSQL keeps for it.
 */

const { serialize } = protocol;

interface Described {
  parameterTypes: number[];
  fields: { name: string; dataTypeID: number }[];
}

type Message = { name: string } & Partial<{
  dataTypeIDs: number[];
  fields: ({ name: string; dataTypeID: number } | string | null)[];
}>;

/** Instants, intervals and dates stay text, as Drizzle's PGlite driver gives them. */
const keepText = (value: string) => value;
const drizzleParsers = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(
    (oid) => [oid, keepText],
  ),
);

/** Per database: the statements prepared so far, and the parsers of its types. */
const stateByClient = new WeakMap<
  PGlite,
  { described: Map<string, Described>; parsers: PGlite['parsers'] }
>();

function joined(...parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

/**
 * Runs the statement `name` (its `text` with $1…$n) with these values on PGlite, preparing it the
 * first time: the rows as objects, typed like Drizzle's raw queries. Waits for any transaction
 * of PGlite's one session to end first, as PGlite's own query() does.
 */
export async function runPreparedOnPglite<Row>(
  client: PGlite,
  statement: { name: string; text: string },
  values: unknown[],
): Promise<Row[]> {
  const exchange = (message: Uint8Array) =>
    client.execProtocolStream(message, { syncToFs: false }) as Promise<Message[]>;
  const rows = await client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      let state = stateByClient.get(client);
      if (!state) {
        state = { described: new Map(), parsers: { ...client.parsers, ...drizzleParsers } };
        stateByClient.set(client, state);
      }
      const { described, parsers } = state;
      const received: Message[] = [];
      try {
        let known = described.get(statement.name);
        if (!known) {
          const answer = await exchange(
            joined(
              serialize.parse({ name: statement.name, text: statement.text }),
              serialize.describe({ type: 'S', name: statement.name }),
            ),
          );
          const parameters = answer.find((message) => message.name === 'parameterDescription');
          const row = answer.find((message) => message.name === 'rowDescription');
          known = {
            parameterTypes: parameters?.dataTypeIDs ?? [],
            fields: (row?.fields ?? []) as Described['fields'],
          };
          described.set(statement.name, known);
        }
        const texts = values.map((value, index) => {
          if (value === null || value === undefined) return null;
          const serializer = client.serializers[known.parameterTypes[index]!];
          return serializer ? (serializer(value) as string) : String(value);
        });
        received.push(
          ...(await exchange(
            joined(serialize.bind({ statement: statement.name, values: texts }), serialize.execute({})),
          )),
        );
        return received
          .filter((message) => message.name === 'dataRow')
          .map((message) => {
            const row: Record<string, unknown> = {};
            known.fields.forEach((field, index) => {
              row[field.name] = types.parseType(
                message.fields![index] as string | null,
                field.dataTypeID,
                parsers,
              );
            });
            return row as Row;
          });
      } finally {
        // After an error PostgreSQL skips messages until a sync; after success it ends the exchange.
        await exchange(serialize.sync());
      }
    }),
  );
  if (!client.isInTransaction()) await client.syncToFs();
  return rows;
}
