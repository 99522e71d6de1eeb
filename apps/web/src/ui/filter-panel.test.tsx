import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '#lib/i18n/i18n.ts';
import { FilterPanel } from './filter-panel.tsx';
import { SelectField } from './select-field.tsx';

/** A screen `width` px wide, as the browser's media queries answer it. */
function screenOf(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /min-width: (\d+)px/.test(query) && width >= Number(/min-width: (\d+)px/.exec(query)![1]),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function renderFilters() {
  render(
    <FilterPanel>
      <SelectField label="Unidade" options={[{ value: '1', label: 'Matriz' }]} />
    </FilterPanel>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('FilterPanel', () => {
  it("on a narrow screen folds the filters behind 'Filtros', which opens and closes them", async () => {
    const user = userEvent.setup();
    screenOf(390);
    renderFilters();
    const toggle = screen.getByRole('button', { name: 'Filtros' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByLabelText('Unidade')).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Unidade')).toBeVisible();
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toContainElement(
      screen.getByLabelText('Unidade'),
    );

    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByLabelText('Unidade')).not.toBeVisible();
  });

  it('names the button in the chosen language', async () => {
    screenOf(390);
    await changeLanguage('en');
    renderFilters();
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
  });

  it('shows the filters open, without the button, on a wide screen', () => {
    screenOf(1280);
    renderFilters();
    expect(screen.queryByRole('button', { name: 'Filtros' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Unidade')).toBeVisible();
  });
});
