import { groupLimits, type RegraGrupo } from '@elo/contract/calls/groups';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessageOf } from '#lib/api-client.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { Alert } from '#ui/alert.tsx';
import { Button } from '#ui/button.tsx';
import { SelectField } from '#ui/select-field.tsx';
import { isStaleRecord, StaleRecordAlert } from '#ui/stale-record-alert.tsx';
import { useGroupRules, useRuleOptions, useSaveRules } from '../hooks/use-groups.ts';

/** One rule as the editor holds it: an item id per criterion, null when the rule does not set it. */
interface DraftRule {
  key: number;
  idUnidade: number | null;
  idFilial: number | null;
  idSetor: number | null;
  idCargo: number | null;
}

const criteria = ['idUnidade', 'idFilial', 'idSetor', 'idCargo'] as const;
type Criterion = (typeof criteria)[number];

let nextKey = 1;
const draftOf = (rule?: RegraGrupo): DraftRule => ({
  key: nextKey++,
  idUnidade: rule?.idUnidade ?? null,
  idFilial: rule?.idFilial ?? null,
  idSetor: rule?.idSetor ?? null,
  idCargo: rule?.idCargo ?? null,
});

/**
 * The group's audience rules: each takes everyone of the company (active) matching every unit,
 * branch, sector and position it names; the rules add up. Saving recomputes the members by rule.
 */
export function RulesEditor({ idGrupo, canEdit }: { idGrupo: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const rules = useGroupRules(idGrupo);
  if (!rules.data) {
    return rules.error ? (
      <Alert type="error" title={t('admin.groupsAdmin.rules.loadFailed')}>
        {rules.error.message}
      </Alert>
    ) : (
      <p role="status" className="text-sm text-slate-700">
        {t('admin.groupsAdmin.rules.loading')}
      </p>
    );
  }
  // Rules read anew (another versao) start the drafts over; a refused save keeps them.
  return (
    <RulesForm
      key={`${rules.data.versao}:${JSON.stringify(rules.data.regras.map((rule) => rule.idRegra))}`}
      idGrupo={idGrupo}
      saved={rules.data.regras}
      versao={rules.data.versao}
      reload={() => rules.refetch()}
      canEdit={canEdit}
    />
  );
}

function RulesForm({
  idGrupo,
  saved,
  versao,
  reload,
  canEdit,
}: {
  idGrupo: number;
  saved: RegraGrupo[];
  /** The versao of the rules the drafts started from, sent back with the save. */
  versao: number;
  /** Reads the rules again (after a save refused as stale): the drafts start over from them. */
  reload: () => Promise<unknown>;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const showToast = useToastStore((state) => state.showToast);
  const options = useRuleOptions();
  const save = useSaveRules();
  const [drafts, setDrafts] = useState<DraftRule[]>(() => saved.map(draftOf));
  const [problem, setProblem] = useState<string | null>(null);
  // The server's message when someone else saved the rules since this editor read them.
  const [staleMessage, setStaleMessage] = useState<string | null>(null);
  // Where focus goes once the list has changed: a rule's first field, or the add button.
  const focusTarget = useRef<number | 'add' | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const idPrefix = useId();
  const firstFieldId = (key: number) => `${idPrefix}-regra-${key}`;
  useEffect(() => {
    const target = focusTarget.current;
    if (target === null) return;
    focusTarget.current = null;
    if (target === 'add') addButton.current?.focus();
    else document.getElementById(`${idPrefix}-regra-${target}`)?.focus();
  }, [drafts, idPrefix]);

  const addRule = () => {
    const rule = draftOf();
    setDrafts((current) => [...current, rule]);
    focusTarget.current = rule.key;
  };
  const removeRule = (key: number) => {
    const index = drafts.findIndex((entry) => entry.key === key);
    const previous = index > 0 ? drafts[index - 1] : undefined;
    setDrafts((current) => current.filter((entry) => entry.key !== key));
    focusTarget.current = previous ? previous.key : 'add';
  };

  const lists: Record<Criterion, { id: number; nome: string; flAtivo: string }[]> = {
    idUnidade: options.data?.listUnidades ?? [],
    idFilial: options.data?.listFiliais ?? [],
    idSetor: options.data?.listSetores ?? [],
    idCargo: options.data?.listCargos ?? [],
  };
  const labels: Record<Criterion, string> = {
    idUnidade: t('admin.groupsAdmin.rules.unit'),
    idFilial: t('admin.groupsAdmin.rules.branch'),
    idSetor: t('admin.groupsAdmin.rules.sector'),
    idCargo: t('admin.groupsAdmin.rules.jobTitle'),
  };

  const change = (key: number, criterion: Criterion, value: number | null) =>
    setDrafts((current) =>
      current.map((rule) => (rule.key === key ? { ...rule, [criterion]: value } : rule)),
    );

  const submit = async () => {
    setProblem(null);
    setStaleMessage(null);
    if (drafts.some((rule) => criteria.every((criterion) => rule[criterion] === null))) {
      setProblem(t('admin.groupsAdmin.rules.empty'));
      return;
    }
    try {
      const answer = await save.mutateAsync({
        idGrupo,
        // A stale versao is refused (409 REGISTRO_ALTERADO), the drafts kept.
        versao,
        regras: drafts.map((rule) =>
          Object.fromEntries(
            criteria.filter((criterion) => rule[criterion] !== null).map((c) => [c, rule[c]]),
          ),
        ),
      });
      showToast({
        type: 'success',
        message: t('admin.groupsAdmin.rules.saved', { count: answer.qtdMembrosPorRegra }),
      });
    } catch (error) {
      if (isStaleRecord(error)) {
        setStaleMessage(error.message);
        return;
      }
      setProblem(
        (error instanceof ApiError ? Object.values(error.fieldErrors)[0] : undefined) ??
          errorMessageOf(error, t('apiErrors.default')),
      );
    }
  };

  const summaryOf = (rule: DraftRule) =>
    criteria
      .filter((criterion) => rule[criterion] !== null)
      .map((criterion) => lists[criterion].find((item) => item.id === rule[criterion])?.nome ?? '')
      .join(' + ');

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{t('admin.groupsAdmin.rules.explanation')}</p>
      {staleMessage && <StaleRecordAlert message={staleMessage} onReload={reload} />}
      {problem && (
        <Alert type="error" title={t('admin.groupsAdmin.rules.saveFailed')}>
          {problem}
        </Alert>
      )}
      {drafts.length === 0 && <p className="text-sm text-slate-700">{t('admin.groupsAdmin.rules.none')}</p>}
      <ol className="flex flex-col gap-4">
        {drafts.map((rule, index) => {
          const savedRule = saved.find(
            (entry) =>
              entry.idUnidade === rule.idUnidade &&
              entry.idFilial === rule.idFilial &&
              entry.idSetor === rule.idSetor &&
              entry.idCargo === rule.idCargo,
          );
          const name = t('admin.groupsAdmin.rules.ruleNumber', { number: index + 1 });
          return (
            <li key={rule.key} className="rounded-lg border border-slate-200 bg-white p-4">
              <fieldset disabled={!canEdit} className="flex flex-col gap-3">
                <legend className="text-sm font-semibold text-slate-900">
                  {name}
                  {summaryOf(rule) && <span className="font-normal text-slate-700">: {summaryOf(rule)}</span>}
                </legend>
                <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
                  {criteria.map((criterion) => (
                    <SelectField
                      key={criterion}
                      id={criterion === criteria[0] ? firstFieldId(rule.key) : undefined}
                      label={labels[criterion]}
                      placeholder={t('admin.groupsAdmin.rules.any')}
                      value={rule[criterion] === null ? '' : String(rule[criterion])}
                      onChange={(event) =>
                        change(rule.key, criterion, event.target.value ? Number(event.target.value) : null)
                      }
                      options={lists[criterion]
                        .filter((item) => item.flAtivo === 'S' || item.id === rule[criterion])
                        .map((item) => ({ value: String(item.id), label: item.nome }))}
                    />
                  ))}
                </div>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-sm text-slate-700">
                    {savedRule ? t('admin.groupsAdmin.rules.matches', { count: savedRule.qtdPessoas }) : ''}
                  </span>
                  {canEdit && (
                    <Button
                      size="sm"
                      variant="danger-tertiary"
                      aria-label={t('admin.groupsAdmin.rules.removeOf', { name })}
                      onClick={() => removeRule(rule.key)}
                    >
                      {t('admin.groupsAdmin.rules.remove')}
                    </Button>
                  )}
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {canEdit && (
        <div className="flex flex-wrap gap-3">
          <Button
            ref={addButton}
            variant="secondary"
            disabled={drafts.length >= groupLimits.rulesMax}
            onClick={addRule}
          >
            {t('admin.groupsAdmin.rules.add')}
          </Button>
          <Button loading={save.isPending} onClick={() => void submit()}>
            {t('admin.groupsAdmin.rules.save')}
          </Button>
        </div>
      )}
    </div>
  );
}
