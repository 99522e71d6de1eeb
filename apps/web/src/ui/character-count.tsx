import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '#lib/i18n/i18n.ts';

/**
 * A text's length against its limit ('12 de 500 caracteres'), red once over it: the same counter
 * wherever a post is written (the portal's composer, the administration's publication form).
 */
export function CharacterCount({
  id,
  count,
  max,
  className,
}: {
  id?: string;
  count: number;
  max: number;
  className?: string;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <p
      id={id}
      className={clsx('text-sm', count > max ? 'font-semibold text-red-700' : 'text-slate-700', className)}
    >
      {t('kit.field.charCount', {
        length: count.toLocaleString(language),
        max: max.toLocaleString(language),
      })}
    </p>
  );
}
