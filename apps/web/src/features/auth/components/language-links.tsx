import { languages } from '@elo/contract/enums';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { paths } from '#lib/paths.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { languageNames } from '#lib/i18n/language.ts';

/** Links to /lang/{lang}, which stores the language and comes back to the login page. */
export function LanguageLinks() {
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <nav aria-label={t('language.switcher')}>
      <ul className="flex flex-wrap justify-center gap-1 text-sm">
        {languages.map((language) => (
          <li key={language}>
            <Link
              to={generatePath(paths.language, { lang: language })}
              lang={language}
              hrefLang={language}
              aria-current={language === active ? 'true' : undefined}
              className={clsx(
                'inline-block rounded-md px-2 py-1 underline-offset-2 hover:underline',
                language === active ? 'font-semibold text-slate-900' : 'text-primary-ink',
              )}
            >
              {languageNames[language]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
