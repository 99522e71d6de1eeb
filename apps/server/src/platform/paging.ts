/** A page asked for, in the domain's words: pages start at 1. */
export interface PageQuery {
  number: number;
  size: number;
}

/** A page of a list as a service answers it: its items, how many match in all, and which page. */
export interface Page<T> extends PageQuery {
  items: T[];
  total: number;
}

/** The rows a page covers, as a query's limit and offset. */
export const rowsOf = (page: PageQuery) => ({ limit: page.size, offset: (page.number - 1) * page.size });

/** The page of `query` holding `items`, out of `total`. */
export const pageOf = <T>(query: PageQuery, items: T[], total: number): Page<T> => ({
  ...query,
  items,
  total,
});

/** The page of `query` from its rows and the count of every match, both asked for at once. */
export async function pageFrom<T>(
  query: PageQuery,
  rows: Promise<T[]>,
  total: Promise<number>,
): Promise<Page<T>> {
  const [items, count] = await Promise.all([rows, total]);
  return pageOf(query, items, count);
}
