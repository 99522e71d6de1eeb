import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBackend, makeLoggedUser, ok, renderApp } from '#app/test-harness.tsx';
import { bannerIntervalMs } from './banner-carousel.tsx';

const banners = [
  {
    idBanner: 1,
    urlImagem: '/backend/midia/1/banners/a.png',
    descricao: 'Férias coletivas de dezembro',
    link: 'https://intranet.example.com/ferias',
    dtInicio: '2025-01-01T00:00:00Z',
    dtFim: '2030-01-01T00:00:00Z',
  },
  {
    idBanner: 2,
    urlImagem: '/backend/midia/1/banners/b.png',
    descricao: null,
    link: 'javascript:alert(1)',
    dtInicio: '2025-01-01T00:00:00Z',
    dtFim: '2030-01-01T00:00:00Z',
  },
  {
    idBanner: 3,
    urlImagem: '/backend/midia/1/banners/c.png',
    descricao: '',
    link: null,
    dtInicio: '2025-01-01T00:00:00Z',
    dtFim: '2030-01-01T00:00:00Z',
  },
];

async function renderCarousel() {
  fakeBackend({ consultaBannersPortal: () => ok({ listBanners: banners }) });
  renderApp('/painel/timeline', { user: makeLoggedUser() });
  return screen.findByRole('region', { name: 'Comunicados' });
}

const visibleSlide = (carousel: HTMLElement) => within(carousel).getByRole('group');

function reduceMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('banner carousel', () => {
  it('shows one announcement at a time, with its description as alt text and a safe new-tab link', async () => {
    const carousel = await renderCarousel();
    expect(carousel).toHaveAttribute('aria-roledescription', 'carrossel');
    expect(visibleSlide(carousel)).toHaveAccessibleName('1 de 3');
    const link = within(carousel).getByRole('link', {
      name: 'Férias coletivas de dezembro (abre em uma nova aba)',
    });
    expect(link).toHaveAttribute('href', 'https://intranet.example.com/ferias');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('moves with the buttons, the arrow keys and the dots, and never links to a script', async () => {
    const carousel = await renderCarousel();
    const user = userEvent.setup();
    await user.click(within(carousel).getByRole('button', { name: 'Próximo comunicado' }));
    expect(visibleSlide(carousel)).toHaveAccessibleName('2 de 3');
    expect(within(carousel).queryByRole('link')).not.toBeInTheDocument();
    expect(within(carousel).getByRole('img', { name: 'Comunicado 2 de 3' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(visibleSlide(carousel)).toHaveAccessibleName('3 de 3');
    await user.keyboard('{ArrowRight}');
    expect(visibleSlide(carousel)).toHaveAccessibleName('1 de 3');
    await user.click(within(carousel).getByRole('button', { name: 'Comunicado anterior' }));
    expect(visibleSlide(carousel)).toHaveAccessibleName('3 de 3');
    await user.click(within(carousel).getByRole('button', { name: 'Mostrar o comunicado 2' }));
    expect(visibleSlide(carousel)).toHaveAccessibleName('2 de 3');
    expect(within(carousel).getByRole('button', { name: 'Mostrar o comunicado 2' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('follows a swipe', async () => {
    const carousel = await renderCarousel();
    const slides = visibleSlide(carousel).parentElement!;
    fireEvent.pointerDown(slides, { clientX: 300 });
    fireEvent.pointerUp(slides, { clientX: 150 });
    expect(visibleSlide(carousel)).toHaveAccessibleName('2 de 3');
    fireEvent.pointerDown(slides, { clientX: 100 });
    fireEvent.pointerUp(slides, { clientX: 200 });
    expect(visibleSlide(carousel)).toHaveAccessibleName('1 de 3');
    fireEvent.pointerDown(slides, { clientX: 100 });
    fireEvent.pointerUp(slides, { clientX: 110 });
    expect(visibleSlide(carousel)).toHaveAccessibleName('1 de 3');
  });

  it('advances by itself, stops while hovered and when paused', async () => {
    reduceMotion(false);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const carousel = await renderCarousel();
    await act(() => vi.advanceTimersByTimeAsync(bannerIntervalMs));
    expect(visibleSlide(carousel)).toHaveAccessibleName('2 de 3');
    fireEvent.mouseEnter(carousel);
    await act(() => vi.advanceTimersByTimeAsync(bannerIntervalMs * 2));
    expect(visibleSlide(carousel)).toHaveAccessibleName('2 de 3');
    fireEvent.mouseLeave(carousel);
    fireEvent.click(within(carousel).getByRole('button', { name: 'Pausar a troca automática' }));
    await act(() => vi.advanceTimersByTimeAsync(bannerIntervalMs * 2));
    expect(visibleSlide(carousel)).toHaveAccessibleName('2 de 3');
    expect(within(carousel).getByRole('button', { name: 'Retomar a troca automática' })).toBeInTheDocument();
  });

  it('stays still for those who ask for reduced motion', async () => {
    reduceMotion(true);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const carousel = await renderCarousel();
    await act(() => vi.advanceTimersByTimeAsync(bannerIntervalMs * 2));
    expect(visibleSlide(carousel)).toHaveAccessibleName('1 de 3');
    expect(
      within(carousel).queryByRole('button', { name: 'Pausar a troca automática' }),
    ).not.toBeInTheDocument();
  });

  it('shows nothing without announcements', async () => {
    fakeBackend({});
    renderApp('/painel/timeline', { user: makeLoggedUser() });
    await screen.findByRole('heading', { name: 'Nenhuma publicação por aqui ainda' });
    expect(screen.queryByRole('region', { name: 'Comunicados' })).not.toBeInTheDocument();
  });

  describe('views', () => {
    // Each test its own ids: a slide is counted once per page load, and the tests share one.
    const idsOf = (base: number) => banners.map((banner, i) => ({ ...banner, idBanner: base + i }));
    let observed: { target: Element; callback: IntersectionObserverCallback }[] = [];
    let visibility: DocumentVisibilityState = 'visible';

    function watchScreen() {
      observed = [];
      visibility = 'visible';
      vi.stubGlobal(
        'IntersectionObserver',
        class {
          constructor(private callback: IntersectionObserverCallback) {}
          observe(target: Element) {
            observed.push({ target, callback: this.callback });
          }
          disconnect() {}
          unobserve() {}
        },
      );
      vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    }

    /** The carousel's share on screen, as the browser would report it. */
    function scrollTo(carousel: HTMLElement, ratio: number) {
      const watcher = observed.filter((entry) => entry.target === carousel).at(-1)!;
      act(() =>
        watcher.callback(
          [
            {
              target: carousel,
              isIntersecting: ratio > 0,
              intersectionRatio: ratio,
            } as unknown as IntersectionObserverEntry,
          ],
          {} as IntersectionObserver,
        ),
      );
    }

    async function render(base: number) {
      const fetchMock = fakeBackend({
        consultaBannersPortal: () => ok({ listBanners: idsOf(base) }),
        registraVisualizacaoComunicado: () => ok({ ok: true }),
      });
      renderApp('/painel/timeline', { user: makeLoggedUser() });
      const carousel = await screen.findByRole('region', { name: 'Comunicados' });
      const views = () =>
        fetchMock.mock.calls
          .filter(([url]) => String(url).endsWith('/registraVisualizacaoComunicado'))
          .map(([, init]) => JSON.parse(String((init as RequestInit).body)).idComunicado as number);
      return { carousel, views };
    }

    afterEach(() => vi.restoreAllMocks());

    it('counts a slide only once the carousel is at least half on screen', async () => {
      watchScreen();
      const { carousel, views } = await render(100);
      expect(views()).toEqual([]);
      scrollTo(carousel, 0.3);
      expect(views()).toEqual([]);
      scrollTo(carousel, 0.6);
      await waitFor(() => expect(views()).toEqual([100]));
    });

    it('does not count while the page is hidden, and counts when it comes back', async () => {
      watchScreen();
      visibility = 'hidden';
      const { carousel, views } = await render(200);
      scrollTo(carousel, 1);
      expect(views()).toEqual([]);
      visibility = 'visible';
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await waitFor(() => expect(views()).toEqual([200]));
    });

    it('counts each slide once per page load, and not the ones passed off screen', async () => {
      watchScreen();
      const { carousel, views } = await render(300);
      const user = userEvent.setup();
      scrollTo(carousel, 0);
      await user.click(within(carousel).getByRole('button', { name: 'Próximo comunicado' }));
      expect(views()).toEqual([]);
      scrollTo(carousel, 1);
      await waitFor(() => expect(views()).toEqual([301]));
      await user.click(within(carousel).getByRole('button', { name: 'Próximo comunicado' }));
      await user.click(within(carousel).getByRole('button', { name: 'Próximo comunicado' }));
      await user.click(within(carousel).getByRole('button', { name: 'Próximo comunicado' }));
      await waitFor(() => expect(views()).toEqual([301, 302, 300]));
      expect(views()).toHaveLength(3);
    });
  });
});
