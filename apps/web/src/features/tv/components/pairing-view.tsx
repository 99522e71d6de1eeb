import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { usePairingCode } from '../hooks/use-tv-screen.ts';

/**
 * The unpaired screen: the code in very large type, readable from across a lobby, its expiry and
 * where an administrator types it. After a revocation it first says the screen is no longer
 * authorised.
 */
export function PairingView({ revoked, onPaired }: { revoked: boolean; onPaired: (token: string) => void }) {
  const { t } = useTranslation();
  const { code, isLoading, failed } = usePairingCode(onPaired);
  return (
    <div className="flex h-full w-full flex-col items-center justify-center gap-12 bg-slate-950 p-24 text-center text-white">
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
  );
}
