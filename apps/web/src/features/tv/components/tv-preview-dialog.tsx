import type { TelaTv } from '@elo/contract/calls/tv';
import { useTranslation } from 'react-i18next';
import { Alert } from '#ui/alert.tsx';
import { Modal } from '#ui/modal.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { useTvPreview } from '../hooks/use-tv-admin.ts';
import { stageColors, TvSlideShow } from './tv-slide-show.tsx';
import { TvStage } from './tv-stage.tsx';

/** A screen's rotation as its TV shows it, scaled down into the dialog (consultaConteudoTelaTvAdmin). */
export function TvPreviewDialog({
  screen,
  onOpenChange,
}: {
  /** The screen to preview; the dialog is open while there is one. */
  screen: TelaTv | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const preview = useTvPreview(screen?.idTela ?? null);
  return (
    <Modal
      open={screen !== null}
      onOpenChange={onOpenChange}
      size="xxl"
      title={t('corporateTv.admin.previewDialog.title', { name: screen?.nome ?? '' })}
      description={t('corporateTv.admin.previewDialog.description')}
    >
      {preview.data ? (
        <TvStage className="relative mx-auto aspect-video w-full max-w-[calc(55vh*16/9)] rounded-md">
          <div className="h-full w-full" style={stageColors(preview.data.empresa.corPrincipal)}>
            <TvSlideShow content={preview.data} />
          </div>
        </TvStage>
      ) : preview.error ? (
        <Alert type="error" title={t('apiErrors.loadData')}>
          {preview.error.message}
        </Alert>
      ) : (
        <Spinner label={t('corporateTv.admin.previewDialog.loading')} />
      )}
    </Modal>
  );
}
