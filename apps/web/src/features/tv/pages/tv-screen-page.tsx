import '#lib/i18n/area-texts.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PairingView } from '../components/pairing-view.tsx';
import { stageColors, TvSlideShow } from '../components/tv-slide-show.tsx';
import { TvStage } from '../components/tv-stage.tsx';
import { tvScreenKeys, useTvContent } from '../hooks/use-tv-screen.ts';
import { registerTvServiceWorker, cacheForOffline } from '../tv-offline.ts';
import { mediaUrlsOf, readDeviceToken, writeDeviceToken } from '../tv-device.ts';

function PairedView({ onRevoked }: { onRevoked: () => void }) {
  const { t } = useTranslation();
  const { content, isLoading, offline } = useTvContent(onRevoked);
  // Each content's media go to the service worker's cache, for when the network drops.
  useEffect(() => {
    if (content) cacheForOffline(mediaUrlsOf(content));
  }, [content]);
  if (!content) {
    return (
      <div className="flex h-full w-full items-center justify-center bg-slate-950 text-white">
        <h1 className="sr-only">{t('corporateTv.screen.title')}</h1>
        <p role="status" className="text-[48px]">
          {isLoading ? t('corporateTv.screen.loading') : t('corporateTv.screen.loadFailed')}
        </p>
      </div>
    );
  }
  return (
    <div className="h-full w-full" style={stageColors(content.empresa.corPrincipal)}>
      <h1 className="sr-only">{t('corporateTv.screen.pageTitle', { company: content.empresa.nome })}</h1>
      <TvSlideShow content={content} offline={offline} />
    </div>
  );
}

/**
 * The corporate TV (/tv): no employee session, only the screen's own device token. Unpaired it
 * shows a code to pair it by; paired it rotates the company's content full screen, keeps rotating
 * the last content while offline, and goes back to a new code when revoked.
 */
export function TvScreenPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [token, setToken] = useState(readDeviceToken);
  const [revoked, setRevoked] = useState(false);

  useEffect(() => {
    document.title = `${t('corporateTv.screen.title')} · ${t('brand.name')}`;
  }, [t]);
  useEffect(() => registerTvServiceWorker(), []);

  const onPaired = useCallback(
    (newToken: string) => {
      writeDeviceToken(newToken);
      queryClient.removeQueries({ queryKey: tvScreenKeys.code });
      setRevoked(false);
      setToken(newToken);
    },
    [queryClient],
  );
  const onRevoked = useCallback(() => {
    writeDeviceToken(null);
    queryClient.removeQueries({ queryKey: tvScreenKeys.content });
    setRevoked(true);
    setToken(null);
  }, [queryClient]);

  return (
    <main>
      <TvStage className="fixed inset-0">
        {token ? <PairedView onRevoked={onRevoked} /> : <PairingView revoked={revoked} onPaired={onPaired} />}
      </TvStage>
    </main>
  );
}
