import type { Postagem } from '@elo/contract/calls/timeline';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBackend, makeLoggedUser, ok, renderApp, type FakeBackend } from '#app/test-harness.tsx';
import { makePage, makePost, testGestos } from '../post-fixtures.ts';
import { timelineKeys } from '../timeline-cache.ts';
import { resetViewReporter } from '../view-reporter.ts';

const mandatory = (id: number, overrides: Partial<Postagem> = {}) =>
  makePost(id, {
    autor: { idUsuario: 2, nome: 'Recursos Humanos', urlFoto: null, cargo: null, setor: null },
    textoPublicacao: `Política ${id}`,
    leituraObrigatoria: { dtLimite: '2025-04-01T20:00:00.000Z', flConfirmada: 'N' },
    ...overrides,
  });

async function renderTimeline(handlers: FakeBackend) {
  const fetchMock = fakeBackend(handlers);
  const { queryClient } = renderApp('/painel/timeline', { user: makeLoggedUser() });
  queryClient.setQueryData(timelineKeys.gestos, { listGestos: testGestos });
  return fetchMock;
}

const bodiesOf = (fetchMock: ReturnType<typeof fakeBackend>, name: string) =>
  fetchMock.mock.calls
    .filter(([url]) => url === `/backend/${name}`)
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

beforeEach(() => resetViewReporter());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('pinned mandatory readings', () => {
  it('shows the unconfirmed readings above the feed with their deadline, and a confirmed one leaves', async () => {
    let pending = [
      mandatory(41),
      mandatory(40, { leituraObrigatoria: { dtLimite: null, flConfirmada: 'N' } }),
    ];
    const fetchMock = await renderTimeline({
      consultaPostagens: () => ok(makePage(1, [makePost(1)], 1)),
      consultaLeiturasPendentes: () => ok({ listPostagens: pending }),
      confirmaLeituraPublicacao: (body) => {
        pending = pending.filter(
          (post) => post.idMensagem !== (body as { idPublicacao: number }).idPublicacao,
        );
        return ok({ ok: true });
      },
    });
    const pinned = await screen.findByRole('region', { name: 'Leituras obrigatórias' });
    expect(within(pinned).getByText('Política 41')).toBeInTheDocument();
    expect(within(pinned).getByText('Confirme até 01/04/2025 17:00')).toBeInTheDocument();
    expect(within(pinned).getByText('Sem prazo para confirmar')).toBeInTheDocument();
    expect(within(pinned).getAllByText('Leitura obrigatória')).toHaveLength(2);

    const user = userEvent.setup();
    const buttons = within(pinned).getAllByRole('button', { name: 'Li e estou ciente: Recursos Humanos' });
    expect(buttons[0]).toHaveTextContent('Li e estou ciente');
    await user.click(buttons[0]!);
    await waitFor(() => expect(within(pinned).queryByText('Política 41')).not.toBeInTheDocument());
    expect(bodiesOf(fetchMock, 'confirmaLeituraPublicacao')).toEqual([{ idPublicacao: 41 }]);
    expect(await screen.findByText('Leitura confirmada.')).toBeInTheDocument();
    expect(within(pinned).getByText('Política 40')).toBeInTheDocument();
  });

  it('shows nothing pinned when there is nothing to confirm', async () => {
    await renderTimeline({ consultaPostagens: () => ok(makePage(1, [makePost(1)], 1)) });
    await screen.findByRole('article');
    expect(screen.queryByRole('region', { name: 'Leituras obrigatórias' })).not.toBeInTheDocument();
  });
});

describe('cards', () => {
  it('say "editado" when the post was edited', async () => {
    await renderTimeline({
      consultaPostagens: () => ok(makePage(1, [makePost(1, { flEditado: 'S' }), makePost(2)], 2)),
    });
    const [edited, plain] = await screen.findAllByRole('article');
    expect(within(edited!).getByText('· editado')).toBeInTheDocument();
    expect(within(plain!).queryByText(/editado/)).not.toBeInTheDocument();
  });
});

/** A stand-in for the browser's IntersectionObserver that the test drives by hand. */
class DrivenObserver {
  static all: DrivenObserver[] = [];
  readonly targets: Element[] = [];
  constructor(readonly callback: IntersectionObserverCallback) {
    DrivenObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.targets.length = 0;
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  /** Shows `ratio` of the element to every observer watching it. */
  static show(target: Element, ratio: number) {
    for (const observer of DrivenObserver.all.filter((entry) => entry.targets.includes(target))) {
      observer.callback(
        [{ target, isIntersecting: ratio > 0, intersectionRatio: ratio } as IntersectionObserverEntry],
        observer as unknown as IntersectionObserver,
      );
    }
  }
}

describe('views', () => {
  it('report a post once half of its card stayed on screen for a second, in one batch', async () => {
    DrivenObserver.all = [];
    vi.stubGlobal('IntersectionObserver', DrivenObserver);
    const fetchMock = await renderTimeline({
      consultaPostagens: () => ok(makePage(1, [makePost(1), makePost(2), makePost(3)], 3)),
    });
    const [first, second, third] = await screen.findAllByRole('article');
    vi.useFakeTimers();
    act(() => {
      DrivenObserver.show(first!, 0.6);
      DrivenObserver.show(second!, 0.6);
      DrivenObserver.show(third!, 0.6);
    });
    // The second leaves before its second is up; the third is only a quarter visible after all.
    await act(() => vi.advanceTimersByTimeAsync(500));
    act(() => {
      DrivenObserver.show(second!, 0);
      DrivenObserver.show(third!, 0.25);
    });
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(bodiesOf(fetchMock, 'registraVisualizacoes')).toEqual([{ idsMensagens: [1] }]);
    // Seen again later: already reported in this page's life.
    act(() => DrivenObserver.show(first!, 1));
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(bodiesOf(fetchMock, 'registraVisualizacoes')).toHaveLength(1);
  });
});
