import type { Empresa } from '@elo/contract/calls/auth';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { rememberBranding } from '#lib/remembered-branding.ts';
import { useKnownLoggedUser } from '#lib/session.ts';
import { Brand } from '#ui/brand.tsx';

/** Height of the logo's copy kept for the sign-in page: sharp on a high-density screen, a few KB. */
const rememberedLogoHeight = 80;

/** A small PNG copy of a loaded logo, as a data: URL (null when the browser cannot make one). */
function smallCopy(image: HTMLImageElement): string | null {
  if (!image.naturalWidth || !image.naturalHeight) return null;
  const scale = Math.min(1, rememberedLogoHeight / image.naturalHeight);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
  const context = canvas.getContext('2d');
  if (!context) return null;
  try {
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/png');
  } catch {
    return null;
  }
}

/** Keeps the company's look for this browser's next sign-in page. */
function remember(company: Empresa, logo: string | null) {
  rememberBranding({
    nome: company.nome,
    corPrincipal: company.corPrincipal,
    corFontePrimaria: company.corFontePrimaria,
    corFonteSecundaria: company.corFonteSecundaria,
    logo,
  });
}

/** The company's logo and name once known; the product's mark otherwise. */
export function CompanyMark() {
  const { t } = useTranslation();
  const company = useKnownLoggedUser()?.empresa;
  useEffect(() => {
    // A company without a logo is remembered at once; one with a logo once it has loaded.
    if (company && !company.urlLogo) remember(company, null);
  }, [company]);
  if (!company) return <Brand />;
  return (
    <span className="inline-flex items-center gap-2 text-lg font-semibold text-slate-900">
      {company.urlLogo && (
        <img
          src={company.urlLogo}
          alt={t('brand.logoAlt', { name: company.nome })}
          className="h-8 w-auto max-w-32 object-contain"
          onLoad={(event) => remember(company, smallCopy(event.currentTarget))}
        />
      )}
      <span className={company.urlLogo ? 'sr-only sm:not-sr-only' : undefined}>{company.nome}</span>
    </span>
  );
}
