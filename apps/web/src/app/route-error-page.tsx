import { useTranslation } from 'react-i18next';
import { Alert } from '#ui/alert.tsx';
import { Button } from '#ui/button.tsx';

/**
 * Shown when a page throws or its code cannot be loaded (after a deploy replaced the chunks):
 * reloading fetches the new build.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-lg flex-col justify-center gap-4 p-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t('routeError.title')}</h1>
      <Alert type="error">{t('routeError.description')}</Alert>
      <div>
        <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
      </div>
    </div>
  );
}
