import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '#ui/alert.tsx';
import { Button } from '#ui/button.tsx';
import { SearchField } from '#ui/search-field.tsx';
import { PageSpinner } from '#ui/spinner.tsx';
import { useAdministratorCandidates } from '../hooks/use-administrators.ts';

/** An employee who may be promoted, as consultaCandidatosAdministradorAdmin lists them. */
export interface Candidate {
  idUsuario: number;
  nome: string;
  email: string | null;
  matricula: string | null;
}

/**
 * Finds the employee to promote (name, e-mail or matricula) and shows the one chosen; their
 * password stays theirs.
 */
export function PromoteCandidatePicker({
  chosen,
  onChoose,
  error,
}: {
  chosen: Candidate | null;
  onChoose: (candidate: Candidate | null) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const candidates = useAdministratorCandidates(search, chosen === null);

  if (chosen) {
    return (
      <div className="flex flex-col gap-2">
        <Alert type="info" title={t('admin.administrators.form.candidateChosen', { name: chosen.nome })}>
          <Button size="sm" variant="secondary" onClick={() => onChoose(null)} className="mt-2">
            {t('admin.administrators.form.candidateChange')}
          </Button>
        </Alert>
      </div>
    );
  }
  return (
    <section className="flex flex-col gap-2" aria-label={t('admin.administrators.form.candidate')}>
      <SearchField
        label={t('admin.administrators.form.candidateSearch')}
        hint={t('admin.administrators.form.candidateHint')}
        value={search}
        onSearch={setSearch}
      />
      {error && (
        <p className="text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
      {candidates.isPending ? (
        <PageSpinner label={t('admin.administrators.form.candidateSearch')} />
      ) : (candidates.data ?? []).length === 0 ? (
        <p className="text-sm text-slate-700">{t('admin.administrators.form.candidateNone')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {(candidates.data ?? []).map((candidate) => (
            <li
              key={candidate.idUsuario}
              className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
            >
              <span className="min-w-0">
                <span className="block font-medium text-slate-900">{candidate.nome}</span>
                <span className="block text-sm break-all text-slate-700">
                  {[candidate.email, candidate.matricula].filter(Boolean).join(' · ')}
                </span>
              </span>
              <Button
                size="sm"
                variant="secondary"
                aria-label={`${t('admin.administrators.form.candidateChoose')}: ${candidate.nome}`}
                onClick={() => onChoose(candidate)}
              >
                {t('admin.administrators.form.candidateChoose')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
