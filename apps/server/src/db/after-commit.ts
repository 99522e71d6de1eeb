/** A database handle or transaction that opens transactions (Drizzle's, on PGlite or PostgreSQL). */
interface Transactional {
  transaction: (run: (tx: Transactional) => Promise<unknown>, config?: unknown) => Promise<unknown>;
}

/** Callbacks waiting for the commit of the transaction a handle belongs to. */
const waiting = new WeakMap<object, (() => void)[]>();

/**
 * Runs `callback` once the transaction `db` belongs to has committed, and never when it rolls back
 * (nor when the savepoint it was registered in rolls back). Outside a transaction it runs at once.
 * For work that must not start before the data it reads is visible to other connections, such as
 * waking a job queue's worker for a job stored in that transaction.
 */
export function afterCommit(db: object, callback: () => void): void {
  const callbacks = waiting.get(db);
  if (callbacks) callbacks.push(callback);
  else callback();
}

/**
 * Makes `db.transaction` (and its nested savepoints) keep the callbacks given to afterCommit and run
 * them after the outermost commit. Applied once to each database handle the application opens.
 */
export function trackCommits<T extends { transaction: unknown }>(db: T): T {
  watch(db as unknown as Transactional, undefined);
  return db;
}

function watch(owner: Transactional, outer: (() => void)[] | undefined) {
  const transaction = owner.transaction.bind(owner);
  owner.transaction = async (run, config) => {
    const own: (() => void)[] = [];
    const result = await transaction((tx) => {
      waiting.set(tx, own);
      watch(tx, own);
      return run(tx);
    }, config);
    // A savepoint's callbacks wait for the outer commit; the outermost commit runs them all.
    if (outer) outer.push(...own);
    else for (const callback of own) callback();
    return result;
  };
}
