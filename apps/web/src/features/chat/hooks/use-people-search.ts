import { limits } from '@elo/contract/limits';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '#lib/api.ts';

/** People of the company by name (consultaTodosUsuarios, first 100), asked 300 ms after typing stops. */
export function usePeopleSearch(name: string) {
  const [debounced, setDebounced] = useState(name);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(name.trim()), 300);
    return () => clearTimeout(timer);
  }, [name]);
  return useQuery({
    queryKey: ['chat', 'people', debounced],
    queryFn: ({ signal }) =>
      api.consultaTodosUsuarios(
        { idPaginaAtual: 1, qtdRegistrosPorPagina: limits.pageSize.userList, nomeUsuario: debounced },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
