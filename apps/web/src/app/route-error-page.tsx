import { useTranslation } from 'react-i18next';
import { Alert } from '#ui/alert.tsx';
import { Button } from '#ui/button.tsx';

/**
 * Shown when a page throws or its code cannot be loaded (the connection dropped, or a deploy
 * replaced the chunks): trying again imports the page's code once more; reloading fetches the
 * new build.
 */
export function RouteErrorPage({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-lg flex-col justify-center gap-4 p-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t('routeError.title')}</h1>
      <Alert type="error">{t('routeError.description')}</Alert>
      <div className="flex flex-wrap gap-2">
        <Button onClick={retry}>{t('common.retry')}</Button>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </Button>
      </div>
    </div>
  );
}
