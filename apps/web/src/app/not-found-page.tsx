import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Brand } from '#ui/brand.tsx';
import { buttonClassName } from '#ui/button.tsx';
import { PageHeading } from '#ui/page-heading.tsx';
import { homePath } from '#lib/paths.ts';

/** Any unknown path: 'Página não encontrada' with a 'Voltar' link home (spec section 2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white px-6 py-4">
        <Brand />
      </header>
      <main className="mx-auto flex w-full max-w-lg flex-1 flex-col items-start justify-center gap-2 p-6">
        <PageHeading title={t('notFound.title')} />
        <p className="-mt-4 mb-4 text-font-secondary">{t('notFound.description')}</p>
        <Link to={homePath} className={buttonClassName()}>
          {t('notFound.back')}
        </Link>
      </main>
    </div>
  );
}
