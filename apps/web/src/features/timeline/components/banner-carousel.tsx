import { isAnnouncementLink } from '@elo/contract/calls/announcements';
import type { consultaBannersPortal } from '@elo/contract/calls/announcements';
import type { CallOutput } from '@elo/contract/define-call';
import clsx from 'clsx';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBannerInteractions, useBanners } from '../hooks/use-banners.ts';

type Banner = CallOutput<typeof consultaBannersPortal>['listBanners'][number];

/** How long each announcement stays before the next one. */
export const bannerIntervalMs = 7000;
/** How far a finger must travel sideways to count as a swipe. */
const swipeThresholdPx = 40;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** Whether the system asks for reduced motion, following changes while the page is open. */
function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(prefersReducedMotion);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

/**
 * Where an announcement's link leads: a path of the portal itself (opened in the app) or a web
 * address (opened in a new tab); null for anything else (never javascript: or the like).
 */
export function bannerTarget(link: string | null): { inApp: string } | { external: string } | null {
  if (!link || !isAnnouncementLink(link)) return null;
  if (link.startsWith('/')) return { inApp: link };
  return { external: new URL(link).href };
}

/** How much of the carousel must be on screen for its slide to count as seen. */
const seenRatio = 0.5;

/**
 * Whether the element is really in front of the reader: at least half of it inside the viewport
 * (IntersectionObserver) and the document visible (not a background tab or a minimised window).
 */
function useOnScreen(element: HTMLElement | null): boolean {
  const [inView, setInView] = useState(false);
  const [pageVisible, setPageVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const onChange = () => setPageVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  useEffect(() => {
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.at(-1);
        if (entry) setInView(entry.isIntersecting && entry.intersectionRatio >= seenRatio);
      },
      { threshold: [0, seenRatio, 1] },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return inView && pageVisible;
}

function ArrowIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width={20} height={20} aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'm15 18-6-6 6-6' : 'm9 18 6-6-6-6'}
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function Carousel({ banners }: { banners: readonly Banner[] }) {
  const { t } = useTranslation();
  const total = banners.length;
  const [index, setIndex] = useState(0);
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = useReducedMotion();
  const swipeStart = useRef<number | null>(null);
  const current = Math.min(index, total - 1);
  const canRotate = total > 1 && !reducedMotion;
  const rotating = canRotate && !stopped && !hovered && !focused;
  const { seen, clicked } = useBannerInteractions();
  const shownId = banners[current]?.idBanner;
  const [region, setRegion] = useState<HTMLElement | null>(null);
  const onScreen = useOnScreen(region);

  // The current slide counts as seen only while the reader can see it: the carousel at least half
  // on screen in a visible page (the hook sends each once per page load).
  useEffect(() => {
    if (onScreen && shownId !== undefined) seen(shownId);
  }, [onScreen, shownId, seen]);

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((value) => (value + 1) % total), bannerIntervalMs);
    return () => clearInterval(timer);
  }, [rotating, total]);

  const show = (next: number) => setIndex(((next % total) + total) % total);

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowLeft: current - 1,
      ArrowRight: current + 1,
      Home: 0,
      End: total - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    show(next);
  };

  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart.current === null) return;
    const distance = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (Math.abs(distance) < swipeThresholdPx) return;
    show(distance < 0 ? current + 1 : current - 1);
  };

  return (
    <section
      ref={setRegion}
      aria-roledescription={t('portal.timeline.banners.roleDescription')}
      aria-label={t('portal.timeline.banners.label')}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      className="mx-auto mb-6 w-full max-w-3xl overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <div
        // While rotating, announcing every change would talk over the user.
        aria-live={rotating ? 'off' : 'polite'}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeStart.current = null)}
        className="relative touch-pan-y select-none"
      >
        {banners.map((banner, position) => {
          const alt = banner.descricao || t('portal.timeline.banners.alt', { index: position + 1, total });
          const target = bannerTarget(banner.link);
          const image = (
            <img
              src={banner.urlImagem}
              alt={alt}
              draggable={false}
              loading={position === 0 ? 'eager' : 'lazy'}
              className="aspect-[16/9] w-full object-cover"
            />
          );
          return (
            <div
              key={banner.idBanner}
              role="group"
              aria-roledescription={t('portal.timeline.banners.slideRole')}
              aria-label={t('portal.timeline.banners.slide', { index: position + 1, total })}
              hidden={position !== current}
            >
              {target && 'inApp' in target ? (
                <Link to={target.inApp} className="block" onClick={() => clicked(banner.idBanner)}>
                  {image}
                </Link>
              ) : target ? (
                <a
                  href={target.external}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="block"
                  onClick={() => clicked(banner.idBanner)}
                >
                  {image} <span className="sr-only">{t('portal.timeline.banners.newTab')}</span>
                </a>
              ) : (
                image
              )}
            </div>
          );
        })}
      </div>
      {total > 1 && (
        <div className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
          <div className="flex items-center gap-1">
            <button
              type="button"
              onClick={() => show(current - 1)}
              aria-label={t('portal.timeline.banners.previous')}
              className="inline-flex size-9 items-center justify-center rounded-full text-slate-800 hover:bg-slate-100"
            >
              <ArrowIcon direction="left" />
            </button>
            <button
              type="button"
              onClick={() => show(current + 1)}
              aria-label={t('portal.timeline.banners.next')}
              className="inline-flex size-9 items-center justify-center rounded-full text-slate-800 hover:bg-slate-100"
            >
              <ArrowIcon direction="right" />
            </button>
          </div>
          <div className="flex items-center gap-1">
            {banners.map((banner, position) => (
              <button
                key={banner.idBanner}
                type="button"
                onClick={() => show(position)}
                aria-label={t('portal.timeline.banners.goTo', { index: position + 1 })}
                aria-current={position === current ? 'true' : undefined}
                className="inline-flex size-6 items-center justify-center rounded-full"
              >
                <span
                  aria-hidden="true"
                  className={clsx(
                    'block size-2.5 rounded-full',
                    position === current ? 'bg-primary-600' : 'border border-slate-500 bg-white',
                  )}
                />
              </button>
            ))}
          </div>
          {canRotate && (
            <button
              type="button"
              onClick={() => setStopped((value) => !value)}
              className="rounded-md px-2 py-1 text-sm font-medium text-primary-ink hover:bg-primary-50"
            >
              {stopped ? t('portal.timeline.banners.resume') : t('portal.timeline.banners.pause')}
            </button>
          )}
        </div>
      )}
    </section>
  );
}

/**
 * The administrators' announcements (consultaBannersPortal) as a carousel: previous and next
 * buttons, arrow keys, swipe, and a change every few seconds that stops while the pointer or
 * the focus is on it, when the user pauses it, and for those who ask the system for less motion.
 */
export function BannerCarousel() {
  const banners = useBanners();
  if (!banners.data || banners.data.length === 0) return null;
  return <Carousel banners={banners.data} />;
}
