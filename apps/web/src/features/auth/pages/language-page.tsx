import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { paths } from '#lib/paths.ts';
import { changeLanguage } from '#lib/i18n/i18n.ts';
import { normalizeLanguage } from '#lib/i18n/language.ts';
import { PageSpinner } from '#ui/spinner.tsx';

/** /lang/{lang}: stores the language (an unknown one is ignored) and goes to the login page. */
export function LanguagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { lang } = useParams();

  useEffect(() => {
    const language = normalizeLanguage(lang);
    const stored = language ? changeLanguage(language) : Promise.resolve();
    void stored.then(() => navigate(paths.login, { replace: true }));
  }, [lang, navigate]);

  return <PageSpinner label={t('common.loading')} />;
}
