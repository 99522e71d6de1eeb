import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '#lib/i18n/i18n.ts';
import { Pagination, paginationSummary, paginationWindow } from './pagination.tsx';

describe('paginationWindow', () => {
  it('shows every page when there are 9 or fewer', () => {
    expect(paginationWindow({ page: 1, pageCount: 1 })).toEqual([1]);
    expect(paginationWindow({ page: 5, pageCount: 9 })).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('keeps a window of 9 with the current page in the middle', () => {
    expect(paginationWindow({ page: 10, pageCount: 30 })).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14]);
  });

  it('stops the window at either end', () => {
    expect(paginationWindow({ page: 2, pageCount: 30 })).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(paginationWindow({ page: 29, pageCount: 30 })).toEqual([22, 23, 24, 25, 26, 27, 28, 29, 30]);
  });

  it('brings an out-of-range page back inside, and has nothing for no pages', () => {
    expect(paginationWindow({ page: 99, pageCount: 3 })).toEqual([1, 2, 3]);
    expect(paginationWindow({ page: 1, pageCount: 0 })).toEqual([]);
  });
});

describe('paginationSummary', () => {
  it("fills the spec's placeholders and those of the translations", () => {
    const numbers = { start: 21, end: 40, total: 1234 };
    expect(paginationSummary('Exibindo [INICIO] a [FIM] de [TOTAL] resultado(s)', numbers, 'pt-BR')).toBe(
      'Exibindo 21 a 40 de 1.234 resultado(s)',
    );
    expect(paginationSummary('Showing [START] to [END] of [TOTAL] result(s)', numbers, 'en')).toBe(
      'Showing 21 to 40 of 1,234 result(s)',
    );
    expect(paginationSummary('Mostrando [INICIO] a [FIN] de [TOTAL]', numbers, 'es')).toContain('21 a 40');
  });
});

function Harness({ total = 250, start = 1 }: { total?: number; start?: number }) {
  const [page, setPage] = useState(start);
  return <Pagination page={page} pageSize={10} total={total} onPageChange={setPage} />;
}

describe('Pagination', { timeout: 20_000 }, () => {
  it('says which rows are shown and marks the current page', () => {
    render(<Harness />);
    expect(screen.getByText('Exibindo 1 a 10 de 250 resultado(s)')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Paginação' });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Página 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getAllByRole('button', { name: /^Página \d+$/ })).toHaveLength(9);
    expect(screen.getByRole('button', { name: 'Página anterior' })).toBeDisabled();
  });

  it('moves by page number and by next and previous', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Página 7' }));
    expect(screen.getByText('Exibindo 61 a 70 de 250 resultado(s)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Página 11' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Página 1' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(screen.getByRole('button', { name: 'Página 8' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Página anterior' }));
    expect(screen.getByRole('button', { name: 'Página 7' })).toHaveAttribute('aria-current', 'page');
  });

  it('ends the last page at the total and disables next there', () => {
    render(<Harness start={25} />);
    expect(screen.getByText('Exibindo 241 a 250 de 250 resultado(s)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Próxima página' })).toBeDisabled();
  });

  it('shows only the summary for a single page, and nothing without rows', () => {
    const { rerender } = render(<Harness total={3} />);
    expect(screen.getByText('Exibindo 1 a 3 de 3 resultado(s)')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    rerender(<Harness total={0} />);
    expect(screen.queryByText(/Exibindo/)).not.toBeInTheDocument();
  });

  it('speaks English when the portal does', async () => {
    await changeLanguage('en');
    render(<Harness />);
    expect(screen.getByText('Showing 1 to 10 of 250 result(s)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
  });
});
