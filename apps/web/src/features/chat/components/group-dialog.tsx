import { limits } from '@elo/contract/limits';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '#lib/api.ts';
import { ApiError } from '#lib/api-client.ts';
import { Button } from '#ui/button.tsx';
import { FileField } from '#ui/file-field.tsx';
import { Modal } from '#ui/modal.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { TextField } from '#ui/text-field.tsx';
import { usePeopleSearch } from '../hooks/use-people-search.ts';

/** Creates a group chat: a name and the people in it (the creator joins by being the creator). */
export function GroupDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (idSala: number) => void;
}) {
  const { t } = useTranslation();
  const membersErrorId = useId();
  const [nomeGrupo, setNomeGrupo] = useState('');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Map<number, string>>(new Map());
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ nomeGrupo?: string; membros?: string; form?: string }>({});
  const people = usePeopleSearch(search);
  const create = useMutation({
    mutationFn: async () => {
      // The group's picture is uploaded first, as a chat attachment of no room yet.
      const urlImagemGrupo = image
        ? (await api.enviaAnexoChat({ flAudio: 'N', file: image })).anexo.urlArquivo
        : null;
      return api.insereGrupoChat({
        nomeGrupo: nomeGrupo.trim(),
        membros: [...chosen.keys()],
        urlImagemGrupo,
      });
    },
    onSuccess: (answer) => onCreated(answer.idSala),
    onError: (error) => {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      setErrors({
        nomeGrupo: fields.nomeGrupo,
        membros: fields.membros,
        form: fields.nomeGrupo || fields.membros ? undefined : t('portal.chat.groupDialog.failed'),
      });
    },
  });

  const toggle = (idUsuario: number, nome: string) =>
    setChosen((current) => {
      const next = new Map(current);
      if (next.has(idUsuario)) next.delete(idUsuario);
      else next.set(idUsuario, nome);
      return next;
    });

  const submit = () => {
    if (chosen.size === 0) {
      setErrors({ membros: t('portal.chat.groupDialog.membersRequired') });
      return;
    }
    setErrors({});
    create.mutate();
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('portal.chat.groupDialog.title')}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={create.isPending}>
            {t('portal.chat.groupDialog.create')}
          </Button>
        </>
      }
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {errors.form && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {errors.form}
          </p>
        )}
        <TextField
          label={t('portal.chat.groupDialog.nameLabel')}
          value={nomeGrupo}
          required
          autoFocus
          error={errors.nomeGrupo}
          onChange={(event) => setNomeGrupo(event.target.value)}
        />
        {/* The portal's own words on the picker ('Escolher arquivo'), not the browser's. */}
        <FileField
          label={t('portal.chat.groupDialog.imageLabel')}
          accept={['png', 'jpg', 'jpeg']}
          maxBytes={limits.mediaMaxBytes}
          value={image}
          onChange={setImage}
        />
        <fieldset
          className="flex flex-col gap-2"
          aria-describedby={errors.membros ? membersErrorId : undefined}
        >
          <legend className="text-sm font-medium text-slate-800">
            {t('portal.chat.groupDialog.membersLegend')}
          </legend>
          <p className="text-sm text-slate-700" aria-live="polite">
            {t('portal.chat.groupDialog.selected', { count: chosen.size })}
            {chosen.size > 0 ? `: ${[...chosen.values()].join(', ')}` : ''}
          </p>
          {errors.membros && (
            <p id={membersErrorId} className="text-sm text-red-700">
              {errors.membros}
            </p>
          )}
          <TextField
            label={t('portal.chat.groupDialog.searchLabel')}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          {people.isPending ? (
            <Spinner label={t('common.loading')} />
          ) : (
            <ul className="flex max-h-64 flex-col overflow-y-auto">
              {(people.data?.listUsuarios ?? []).map((person) => (
                <li key={person.idUsuario}>
                  <label className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-slate-900 hover:bg-slate-50">
                    <input
                      type="checkbox"
                      className="size-4"
                      checked={chosen.has(person.idUsuario)}
                      onChange={() => toggle(person.idUsuario, person.nome)}
                    />
                    {person.nome}
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      </form>
    </Modal>
  );
}
