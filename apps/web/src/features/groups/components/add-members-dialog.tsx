import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { showErrorToast } from '#lib/show-error.ts';
import { Button } from '#ui/button.tsx';
import { Modal } from '#ui/modal.tsx';
import { SearchField } from '#ui/search-field.tsx';
import { useAddMembers, useMemberCandidates } from '../hooks/use-groups.ts';
import { RoleChoices, type Roles } from './role-choices.tsx';

/** Finds people of the company not yet in the group by hand and adds the chosen ones with roles. */
export function AddMembersDialog({
  idGrupo,
  open,
  onOpenChange,
}: {
  idGrupo: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const showToast = useToastStore((state) => state.showToast);
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Map<number, string>>(new Map());
  const [roles, setRoles] = useState<Roles>({ flPermitePostar: 'S', flAdministrador: 'N' });
  const candidates = useMemberCandidates(idGrupo, search, open);
  const add = useAddMembers();

  const close = () => {
    setChosen(new Map());
    setSearch('');
    onOpenChange(false);
  };

  const toggle = (idUsuario: number, nome: string, checked: boolean) =>
    setChosen((current) => {
      const next = new Map(current);
      if (checked) next.set(idUsuario, nome);
      else next.delete(idUsuario);
      return next;
    });

  const submit = async () => {
    try {
      const answer = await add.mutateAsync({ idGrupo, idsUsuarios: [...chosen.keys()], ...roles });
      showToast({
        type: 'success',
        message: t('admin.groupsAdmin.membersPage.added', { count: answer.qtdAdicionados }),
      });
      close();
    } catch (error) {
      showErrorToast(error);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={t('admin.groupsAdmin.membersPage.addTitle')}
      description={t('admin.groupsAdmin.membersPage.addDescription')}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button disabled={chosen.size === 0} loading={add.isPending} onClick={() => void submit()}>
            {t('admin.groupsAdmin.membersPage.addConfirm', { count: chosen.size })}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <SearchField
          label={t('admin.groupsAdmin.membersPage.findPeople')}
          value={search}
          onSearch={setSearch}
        />
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-semibold text-slate-900">
            {t('admin.groupsAdmin.membersPage.people')}
          </legend>
          {candidates.data?.length === 0 && (
            <p className="text-sm text-slate-700">{t('admin.groupsAdmin.membersPage.nobody')}</p>
          )}
          <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto">
            {(candidates.data ?? []).map((person) => (
              <li key={person.idUsuario}>
                <label className="flex items-center gap-2 rounded px-1 py-1 text-sm text-slate-800 hover:bg-slate-50">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={chosen.has(person.idUsuario)}
                    onChange={(event) => toggle(person.idUsuario, person.nome, event.target.checked)}
                  />
                  <span>
                    {person.nome}
                    <span className="text-slate-700"> {person.email ?? person.matricula ?? ''}</span>
                    {person.flPorRegra === 'S' && (
                      <span className="text-slate-700">
                        {' '}
                        ({t('admin.groupsAdmin.membersPage.alreadyByRule')})
                      </span>
                    )}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        {chosen.size > 0 && (
          <p className="text-sm text-slate-700" aria-live="polite">
            {t('admin.groupsAdmin.membersPage.chosen', { names: [...chosen.values()].join(', ') })}
          </p>
        )}
        <RoleChoices
          value={roles}
          onChange={setRoles}
          legend={t('admin.groupsAdmin.membersPage.rolesOfNew')}
        />
      </div>
    </Modal>
  );
}
