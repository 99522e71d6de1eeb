import type { ConteudoTv, SlideTv } from '@elo/contract/calls/tv';
import { createColorScale, textOnColor } from '@elo/contract/color-scale';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatTime } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { themeVariables } from '#lib/theme.ts';
import { Avatar } from '#ui/avatar.tsx';
import { useSlideRotation } from '../hooks/use-slide-rotation.ts';

/**
 * The company's colours for the stage: the theme's CSS variables, and a header of the darkest
 * shade with the text colour that reads on it (white on most companies' colours).
 */
export function stageColors(mainColor: string): CSSProperties {
  const scale = createColorScale(mainColor);
  return {
    ...themeVariables(mainColor),
    '--tv-header-bg': scale[900],
    '--tv-header-fg': textOnColor(scale[900]),
  } as CSSProperties;
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** The clock in the header: HH:mm in America/Sao_Paulo, whatever the TV's own time zone. */
function TvClock() {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 5_000);
    return () => clearInterval(timer);
  }, []);
  const time = formatTime(now);
  return (
    <time
      dateTime={now.toISOString()}
      aria-label={`${t('corporateTv.screen.clock')} ${time}`}
      className="text-[64px] font-bold tabular-nums"
    >
      {time}
    </time>
  );
}

/** The discreet mark shown while the screen rotates what it had without reaching the server. */
export function OfflineMark() {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      title={t('corporateTv.screen.offlineHint')}
      className="flex items-center gap-3 rounded-full bg-amber-200 px-6 py-2 text-[28px] font-semibold text-slate-950"
    >
      <span aria-hidden="true" className="inline-block h-4 w-4 rounded-full bg-red-700" />
      {t('corporateTv.screen.offline')}
      <span className="sr-only">{t('corporateTv.screen.offlineHint')}</span>
    </p>
  );
}

function AnnouncementSlide({ slide }: { slide: Extract<SlideTv, { tipo: 'comunicado' }> }) {
  const { t } = useTranslation();
  return (
    <figure className="flex h-full w-full items-center justify-center bg-black">
      <img
        src={slide.urlImagem}
        alt={slide.descricao ?? t('corporateTv.screen.announcement')}
        className="h-full w-full object-contain"
      />
    </figure>
  );
}

function PublicationSlide({ slide }: { slide: Extract<SlideTv, { tipo: 'publicacao' }> }) {
  const { t } = useTranslation();
  const media = slide.urlImagem ?? slide.urlMiniaturaVideo;
  const mediaAlt = slide.urlImagem
    ? t('corporateTv.screen.publicationImage', { name: slide.nomeAutor })
    : t('corporateTv.screen.videoThumbnail', { name: slide.nomeAutor });
  return (
    <article className={`grid h-full gap-16 p-16 ${media ? 'grid-cols-2' : 'grid-cols-1'}`}>
      {media && (
        <div className="flex min-h-0 items-center justify-center overflow-hidden rounded-3xl bg-black">
          <img src={media} alt={mediaAlt} className="h-full w-full object-contain" />
        </div>
      )}
      <div className="flex min-h-0 flex-col gap-10">
        <div className="flex items-center gap-8">
          <TvAvatar name={slide.nomeAutor} photoUrl={slide.urlFotoAutor} size="h-32 w-32 text-[56px]" />
          <div className="min-w-0">
            <h2 className="truncate text-[52px] leading-tight font-bold">
              <span className="sr-only">{t('corporateTv.screen.publicationBy', { name: '' })}</span>
              {slide.nomeAutor}
            </h2>
            <p className="text-[36px] text-slate-300">
              {formatDateTime(slide.dtPublicacao, currentLanguage())}
            </p>
          </div>
        </div>
        <p
          className={`overflow-hidden leading-snug break-words whitespace-pre-line ${
            media ? 'line-clamp-8 text-[48px]' : 'line-clamp-9 text-[64px]'
          }`}
        >
          {slide.texto}
        </p>
      </div>
    </article>
  );
}

function CelebrationsSlide({ slide }: { slide: Extract<SlideTv, { tipo: 'aniversariantes' }> }) {
  const { t } = useTranslation();
  // Twelve fit the stage in three rows; a day with more shows the first twelve.
  const people = slide.listPessoas.slice(0, 12);
  return (
    <section className="flex h-full flex-col gap-12 p-16">
      <h2 className="text-[72px] leading-tight font-bold">{t('corporateTv.screen.celebrationsTitle')}</h2>
      <ul className="grid flex-1 grid-cols-4 content-start gap-x-10 gap-y-12">
        {people.map((person, index) => (
          <li key={`${person.nome}-${index}`} className="flex items-center gap-6">
            <TvAvatar name={person.nome} photoUrl={person.urlFoto} size="h-28 w-28 text-[48px]" />
            <div className="min-w-0">
              <p className="line-clamp-2 text-[38px] leading-tight font-semibold">{person.nome}</p>
              <p className="text-[30px] text-slate-300">
                {person.tipo === 'aniversario'
                  ? t('corporateTv.screen.birthday')
                  : t('corporateTv.screen.workAnniversary', { count: person.qtdAnos ?? 0 })}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function EmptySlide({ company, logo }: { company: string; logo: string | null }) {
  const { t } = useTranslation();
  return (
    <section className="flex h-full flex-col items-center justify-center gap-12 p-16 text-center">
      {logo && (
        <img
          src={logo}
          alt={t('corporateTv.screen.logo', { company })}
          className="max-h-64 max-w-[900px] object-contain"
        />
      )}
      <h2 className="text-[80px] leading-tight font-bold">{t('corporateTv.screen.emptyTitle')}</h2>
      <p className="max-w-[1400px] text-[48px] text-slate-300">{t('corporateTv.screen.emptyDescription')}</p>
    </section>
  );
}

/** One slide, by its kind. */
export function TvSlide({ slide }: { slide: SlideTv }) {
  if (slide.tipo === 'comunicado') return <AnnouncementSlide slide={slide} />;
  if (slide.tipo === 'publicacao') return <PublicationSlide slide={slide} />;
  return <CelebrationsSlide slide={slide} />;
}

function slideKey(slide: SlideTv): string {
  if (slide.tipo === 'comunicado') return `c${slide.idComunicado}`;
  if (slide.tipo === 'publicacao') return `p${slide.idPostagem}`;
  return 'a';
}

/**
 * What the screen shows, laid out on the 1920x1080 stage: the company's header (logo, name, the
 * offline mark, the clock), one slide at a time for `segundosPorSlide`, and the progress bar. The
 * TV and the administration's preview both render it; landmarks are left to the page around it.
 */
export function TvSlideShow({ content, offline = false }: { content: ConteudoTv; offline?: boolean }) {
  const { t } = useTranslation();
  const seconds = content.tela.segundosPorSlide;
  const { slides } = content;
  const { index, round } = useSlideRotation(slides.length, seconds);
  const slide = slides[index];
  const slideBox = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLDivElement>(null);

  // A new slide fades in from the side, unless the viewer asked for less motion.
  useEffect(() => {
    const element = slideBox.current;
    if (!element || typeof element.animate !== 'function' || prefersReducedMotion()) return;
    element.animate(
      [
        { opacity: 0, transform: 'translateX(48px)' },
        { opacity: 1, transform: 'none' },
      ],
      { duration: 600, easing: 'ease-out' },
    );
  }, [round]);

  // The bar fills over the slide's time, restarting with each slide.
  useEffect(() => {
    const element = bar.current;
    if (!element || typeof element.animate !== 'function') return;
    const animation = element.animate([{ transform: 'scaleX(0)' }, { transform: 'scaleX(1)' }], {
      duration: seconds * 1000,
      easing: 'linear',
      fill: 'forwards',
    });
    return () => animation.cancel();
  }, [round, seconds]);

  return (
    <div className="flex h-full w-full flex-col bg-slate-950 text-white">
      <div
        className="flex h-[140px] shrink-0 items-center gap-10 px-16"
        style={{ background: 'var(--tv-header-bg)', color: 'var(--tv-header-fg)' }}
      >
        {content.empresa.urlLogo && (
          <img
            src={content.empresa.urlLogo}
            alt={t('corporateTv.screen.logo', { company: content.empresa.nome })}
            className="max-h-24 max-w-[360px] object-contain"
          />
        )}
        <p className="min-w-0 flex-1 truncate text-[48px] font-semibold">{content.empresa.nome}</p>
        {offline && <OfflineMark />}
        <TvClock />
      </div>
      <div ref={slideBox} key={slide ? slideKey(slide) : 'vazio'} className="min-h-0 flex-1 overflow-hidden">
        {slide ? (
          <TvSlide slide={slide} />
        ) : (
          <EmptySlide company={content.empresa.nome} logo={content.empresa.urlLogo} />
        )}
      </div>
      <div className="flex h-[56px] shrink-0 items-center gap-8 px-16">
        <div aria-hidden="true" className="h-3 flex-1 overflow-hidden rounded-full bg-slate-700">
          {slides.length > 0 && (
            <div
              ref={bar}
              className="h-full w-full origin-left bg-primary-400"
              // Empty until the animation below fills it (inline: it animates `transform`).
              style={{ transform: 'scaleX(0)' }}
            />
          )}
        </div>
        {slides.length > 0 && (
          <p className="text-[28px] text-slate-300 tabular-nums">
            {t('corporateTv.screen.slideCounter', { current: index + 1, total: slides.length })}
          </p>
        )}
      </div>
    </div>
  );
}

/** A person's photo, or the first letter of their name where there is none (the name is said beside it). */
function TvAvatar({ name, photoUrl, size }: { name: string; photoUrl: string | null; size: string }) {
  return (
    <Avatar
      name={name}
      photoUrl={photoUrl}
      initials={name.slice(0, 1).toUpperCase()}
      className={`${size} shrink-0`}
      photoClassName="border-4 border-primary-400"
      initialsClassName="flex bg-primary-700 font-bold text-white"
    />
  );
}
