import type { ConteudoTv } from '@elo/contract/calls/tv';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextSlideIndex } from '../hooks/use-slide-rotation.ts';
import { stageScale } from './tv-stage.tsx';
import { TvSlideShow } from './tv-slide-show.tsx';

const content: ConteudoTv = {
  tela: { nome: 'Recepção', segundosPorSlide: 8 },
  empresa: { nome: 'Elo Demonstração', urlLogo: '/backend/tv/midia/logo.png?sig=1', corPrincipal: '#0f766e' },
  slides: [
    {
      tipo: 'comunicado',
      idComunicado: 1,
      urlImagem: '/backend/tv/midia/c1.png?sig=1',
      descricao: 'Campanha do agasalho',
    },
    {
      tipo: 'publicacao',
      idPostagem: 7,
      texto: 'Bem-vindos à nova sede!',
      urlImagem: null,
      urlMiniaturaVideo: null,
      nomeAutor: 'Maria Silva',
      urlFotoAutor: null,
      dtPublicacao: '2026-03-10T12:00:00Z',
    },
    {
      tipo: 'aniversariantes',
      listPessoas: [
        { nome: 'João Souza', urlFoto: null, tipo: 'aniversario', qtdAnos: null },
        { nome: 'Ana Lima', urlFoto: null, tipo: 'tempoDeCasa', qtdAnos: 5 },
      ],
    },
  ],
  dtGeracao: '2026-03-10T12:00:00Z',
};

describe('the TV slide show', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-03-10T13:05:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows one slide at a time and turns to the next every segundosPorSlide, back to the first after the last', () => {
    render(<TvSlideShow content={content} />);
    expect(screen.getByRole('img', { name: 'Campanha do agasalho' })).toBeInTheDocument();
    expect(screen.getByText('Slide 1 de 3')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(7_900));
    expect(screen.getByText('Slide 1 de 3')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByText('Slide 2 de 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Maria Silva/ })).toBeInTheDocument();
    expect(screen.getByText('Bem-vindos à nova sede!')).toBeInTheDocument();
    expect(screen.getByText('10/03/2026 09:00')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Campanha do agasalho' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(8_000));
    expect(screen.getByRole('heading', { name: 'Celebrações de hoje' })).toBeInTheDocument();
    expect(screen.getByText('Aniversário')).toBeInTheDocument();
    expect(screen.getByText('5 anos de empresa')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(8_000));
    expect(screen.getByText('Slide 1 de 3')).toBeInTheDocument();
  });

  it("shows the company's logo and São Paulo's clock, and a pleasant slide when there is nothing to show", () => {
    render(<TvSlideShow content={{ ...content, slides: [] }} />);
    expect(screen.getAllByRole('img', { name: 'Logotipo de Elo Demonstração' }).length).toBeGreaterThan(0);
    expect(screen.getByText('10:05')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Nada para mostrar ainda' })).toBeInTheDocument();
    expect(screen.queryByText(/^Slide /)).not.toBeInTheDocument();
  });

  it('shows the offline mark only while offline, and keeps turning slides under it', () => {
    const { rerender } = render(<TvSlideShow content={content} />);
    expect(screen.queryByText('Sem conexão')).not.toBeInTheDocument();
    rerender(<TvSlideShow content={content} offline />);
    expect(screen.getByRole('status')).toHaveTextContent('Sem conexão');
    act(() => vi.advanceTimersByTime(8_000));
    expect(screen.getByText('Slide 2 de 3')).toBeInTheDocument();
    rerender(<TvSlideShow content={content} />);
    expect(screen.queryByText('Sem conexão')).not.toBeInTheDocument();
  });

  it('keeps rotating, within the new number of slides, when new content arrives', () => {
    const { rerender } = render(<TvSlideShow content={content} />);
    act(() => vi.advanceTimersByTime(8_000));
    act(() => vi.advanceTimersByTime(8_000));
    expect(screen.getByText('Slide 3 de 3')).toBeInTheDocument();
    rerender(<TvSlideShow content={{ ...content, slides: content.slides.slice(0, 2) }} />);
    expect(screen.getByText('Slide 1 de 2')).toBeInTheDocument();
  });
});

describe('the slide change under reduced motion', () => {
  function animationsOf(reduced: boolean) {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduced && query.includes('reduce') }));
    const animate = vi.fn(() => ({ cancel: () => undefined }));
    Object.defineProperty(HTMLElement.prototype, 'animate', { value: animate, configurable: true });
    render(<TvSlideShow content={content} />);
    const keyframes = animate.mock.calls.map((call: unknown[]) => JSON.stringify(call[0]));
    Reflect.deleteProperty(HTMLElement.prototype, 'animate');
    vi.unstubAllGlobals();
    return keyframes;
  }

  it('slides the new slide in, but not for a viewer who asked for less motion (the progress bar fills either way)', () => {
    const moving = animationsOf(false);
    expect(moving.some((frames) => frames.includes('translateX'))).toBe(true);
    expect(moving.some((frames) => frames.includes('scaleX'))).toBe(true);
    const still = animationsOf(true);
    expect(still.some((frames) => frames.includes('translateX'))).toBe(false);
    expect(still.some((frames) => frames.includes('scaleX'))).toBe(true);
  });
});

describe('the rotation and the stage', () => {
  it('goes round the slides', () => {
    expect(nextSlideIndex(0, 3)).toBe(1);
    expect(nextSlideIndex(2, 3)).toBe(0);
    expect(nextSlideIndex(0, 0)).toBe(0);
  });

  it('fits 1920x1080 in any box, keeping its proportions', () => {
    expect(stageScale({ width: 1920, height: 1080 })).toBe(1);
    expect(stageScale({ width: 960, height: 1080 })).toBe(0.5);
    expect(stageScale({ width: 3840, height: 1080 })).toBe(1);
    expect(stageScale({ width: 0, height: 0 })).toBe(0);
  });
});
