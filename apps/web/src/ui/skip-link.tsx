import { useTranslation } from 'react-i18next';

/** The first focusable element of a layout: jumps keyboard users past the header to the content. */
export function SkipLink({ target = 'conteudo' }: { target?: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={`#${target}`}
      className="sr-only z-50 rounded-md bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {t('common.skipToContent')}
    </a>
  );
}
