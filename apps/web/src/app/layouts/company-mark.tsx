import { useTranslation } from 'react-i18next';
import { useKnownLoggedUser } from '#lib/session.ts';
import { Brand } from '#ui/brand.tsx';

/** The company's logo and name once known; the product's mark otherwise. */
export function CompanyMark() {
  const { t } = useTranslation();
  const company = useKnownLoggedUser()?.empresa;
  if (!company) return <Brand />;
  return (
    <span className="inline-flex items-center gap-2 text-lg font-semibold text-slate-900">
      {company.urlLogo && (
        <img
          src={company.urlLogo}
          alt={t('brand.logoAlt', { name: company.nome })}
          className="h-8 w-auto max-w-32 object-contain"
        />
      )}
      <span className={company.urlLogo ? 'sr-only sm:not-sr-only' : undefined}>{company.nome}</span>
    </span>
  );
}
