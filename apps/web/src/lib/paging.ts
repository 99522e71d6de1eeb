/** The paging fields every paged answer carries. */
export interface PageInfo {
  idPaginaAtual: number;
  qtdRegistrosPorPagina: number;
  qtdTotalRegistros: number;
}

/** The number of the page after this one, or undefined when qtdTotalRegistros says it was the last. */
export function nextPageNumber(page: PageInfo): number | undefined {
  return page.idPaginaAtual * page.qtdRegistrosPorPagina < page.qtdTotalRegistros
    ? page.idPaginaAtual + 1
    : undefined;
}

/**
 * The items of all pages once each: offset paging repeats an item when newer ones arrive
 * between two page loads.
 */
export function uniqueBy<Item>(items: readonly Item[], keyOf: (item: Item) => number): Item[] {
  const seen = new Set<number>();
  return items.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
