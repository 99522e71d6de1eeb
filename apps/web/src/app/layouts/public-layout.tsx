import { useTranslation } from 'react-i18next';
import { readRememberedBranding } from '#lib/remembered-branding.ts';
import { Brand } from '#ui/brand.tsx';
import { PageOutlet } from '../page-outlet.tsx';

/** The last company this browser signed in to, by its logo and name; the product's mark otherwise. */
function RememberedMark() {
  const { t } = useTranslation();
  const company = readRememberedBranding();
  if (!company) return <Brand />;
  return (
    <span className="inline-flex items-center gap-2 text-xl font-bold text-slate-900">
      {company.logo && (
        <img
          src={company.logo}
          alt={t('brand.logoAlt', { name: company.nome })}
          className="h-10 w-auto max-w-40 object-contain"
        />
      )}
      {company.nome}
    </span>
  );
}

/** The frame of the public pages (login, first access, password requests): the product's mark and a card. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-primary-50 to-slate-50">
      <header className="px-6 py-5">
        <RememberedMark />
        <p className="mt-1 text-sm text-slate-700">{t('brand.tagline')}</p>
      </header>
      <main id="conteudo" className="flex flex-1 items-start justify-center px-4 pb-12 sm:items-center">
        <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <PageOutlet />
        </div>
      </main>
    </div>
  );
}
