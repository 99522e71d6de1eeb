import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { usePairingCode } from '../hooks/use-tv-screen.ts';
import { stageSize } from './tv-stage.tsx';

/** The stage's margin above and below the pairing view's content, in stage pixels. */
const stageMargin = 64;

/**
 * The scale that keeps a block of the given natural height inside the stage: 1 when it fits,
 * less when it does not (the revoked message over the code, a longer language).
 */
function fittingScale(height: number): number {
  const room = stageSize.height - 2 * stageMargin;
  return height > room ? room / height : 1;
}

/**
 * The unpaired screen: the code in very large type, readable from across a lobby, its expiry and
 * where an administrator types it. After a revocation it first says the screen is no longer
 * authorised.
 */
export function PairingView({ revoked, onPaired }: { revoked: boolean; onPaired: (token: string) => void }) {
  const { t } = useTranslation();
  const { code, isLoading, failed } = usePairingCode(onPaired);
  // The content is measured at its natural size and scaled down when taller than the stage, so
  // no state of the screen (a message above the code) is ever cut off at the edges.
  const content = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  useLayoutEffect(() => {
    const element = content.current;
    if (!element) return;
    const measure = () => setScale(fittingScale(element.offsetHeight));
    measure();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div className="flex h-full w-full items-center justify-center overflow-hidden bg-slate-950 px-24 text-center text-white">
      <div
        ref={content}
        className="flex shrink-0 flex-col items-center gap-12"
        style={scale < 1 ? { transform: `scale(${scale})` } : undefined}
      >
        {revoked && (
          <div
            role="alert"
            className="max-w-[1500px] rounded-3xl border-4 border-amber-300 bg-slate-900 px-16 py-10"
          >
            <h1 className="text-[72px] leading-tight font-bold text-amber-200">
              {t('corporateTv.screen.revokedTitle')}
            </h1>
            <p className="mt-4 text-[40px] text-slate-200">{t('corporateTv.screen.revokedDescription')}</p>
          </div>
        )}
        {revoked ? (
          <h2 className="text-[64px] font-bold">{t('corporateTv.screen.pairingTitle')}</h2>
        ) : (
          <h1 className="text-[80px] font-bold">{t('corporateTv.screen.pairingTitle')}</h1>
        )}
        <p className="max-w-[1500px] text-[44px] leading-snug text-slate-200">
          {t('corporateTv.screen.pairingInstructions')}
        </p>
        {code ? (
          <>
            <p className="flex flex-col items-center gap-6">
              <span className="text-[36px] text-slate-300">{t('corporateTv.screen.pairingCodeLabel')}</span>
              {/* Read out letter by letter; shown as six large boxes. */}
              <span className="sr-only">{code.codigo.split('').join(' ')}</span>
              <span aria-hidden="true" data-testid="tv-pairing-code" className="flex gap-6">
                {code.codigo.split('').map((character, index) => (
                  <span
                    key={index}
                    className="flex h-[220px] w-[170px] items-center justify-center rounded-3xl border-4 border-primary-300 bg-white font-mono text-[170px] leading-none font-bold text-slate-950"
                  >
                    {character}
                  </span>
                ))}
              </span>
            </p>
            <p className="text-[36px] text-slate-300">
              {t('corporateTv.screen.pairingExpires', {
                date: formatDateTime(code.dtExpiracao, currentLanguage()),
              })}
            </p>
            <p role="status" className="text-[36px] text-slate-300">
              {t('corporateTv.screen.pairingWaiting')}
            </p>
          </>
        ) : (
          <p role="status" className="text-[44px] text-slate-200">
            {failed
              ? t('corporateTv.screen.pairingFailed')
              : isLoading
                ? t('corporateTv.screen.pairingLoading')
                : null}
          </p>
        )}
      </div>
    </div>
  );
}
