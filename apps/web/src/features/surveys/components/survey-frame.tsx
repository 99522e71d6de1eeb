import type { Pesquisa } from '@elo/contract/calls/surveys-shapes';
import { useMemo, type CSSProperties, type ReactNode } from 'react';
import { themeVariables } from '#lib/theme.ts';
import { PageHeading } from '#ui/page-heading.tsx';

/**
 * A survey's own look: its main colour drives buttons and focus rings (the same 10-shade scale
 * as the company theme), its background colour frames the page, and its header image tops it.
 * Questions sit on white cards, so text keeps its contrast whatever the background.
 */
export function SurveyFrame({
  survey,
  title,
  children,
}: {
  survey: Pick<Pesquisa, 'titulo' | 'descricao' | 'imgCabecalho' | 'corPrincipal' | 'corFundo'>;
  /** The page's heading; the survey's title when not given. */
  title?: string;
  children: ReactNode;
}) {
  const style = useMemo(
    () => ({ ...themeVariables(survey.corPrincipal), backgroundColor: survey.corFundo }) as CSSProperties,
    [survey.corPrincipal, survey.corFundo],
  );
  return (
    <div style={style} className="-mx-4 rounded-none p-4 sm:mx-0 sm:rounded-xl md:p-6">
      <div className="mx-auto flex max-w-3xl flex-col gap-4">
        <header className="overflow-hidden rounded-lg border-t-8 border-primary-600 bg-white shadow-sm">
          {survey.imgCabecalho && (
            <img src={survey.imgCabecalho} alt="" className="max-h-56 w-full object-cover" />
          )}
          <div className="p-5 [&>div]:mb-2">
            <PageHeading title={title ?? survey.titulo} />
            {title && <p className="text-lg font-medium text-slate-800">{survey.titulo}</p>}
            {survey.descricao && <p className="whitespace-pre-line text-slate-700">{survey.descricao}</p>}
          </div>
        </header>
        {children}
      </div>
    </div>
  );
}
