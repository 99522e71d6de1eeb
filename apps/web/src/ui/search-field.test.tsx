import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchField } from './search-field.tsx';

function Harness({ onSearch }: { onSearch: (text: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <SearchField
        label="Buscar por título"
        value={value}
        onSearch={(text) => {
          onSearch(text);
          setValue(text);
        }}
      />
      <button type="button" onClick={() => setValue('')}>
        Limpar filtros
      </button>
      <p>Buscando: {value || 'tudo'}</p>
    </>
  );
}

/** Types a word letter by letter, as the input events of a keyboard would. */
function typeInto(box: HTMLElement, word: string) {
  for (let end = 1; end <= word.length; end += 1) {
    fireEvent.change(box, { target: { value: word.slice(0, end) } });
  }
}

// The field's pause runs on a fake clock that the test moves; user-event waits on timers of its
// own, so these tests type with input events.
describe('SearchField', { timeout: 20_000 }, () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('searches once typing pauses, not on every key', () => {
    const onSearch = vi.fn();
    render(<Harness onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Buscar por título' });
    expect(screen.getByRole('search')).toContainElement(box);
    typeInto(box, 'Clima');
    act(() => vi.advanceTimersByTime(399));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('Clima');
    expect(screen.getByText('Buscando: Clima')).toBeInTheDocument();
  });

  it('searches at once on Enter, and follows a search cleared elsewhere', () => {
    const onSearch = vi.fn();
    render(<Harness onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Buscar por título' });
    typeInto(box, '  Quiz ');
    fireEvent.submit(box);
    expect(onSearch).toHaveBeenCalledWith('Quiz');
    expect(screen.getByText('Buscando: Quiz')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(box).toHaveValue('');
    act(() => vi.advanceTimersByTime(1000));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });
});
