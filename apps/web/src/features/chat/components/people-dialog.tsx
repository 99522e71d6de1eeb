import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '#ui/modal.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { TextField } from '#ui/text-field.tsx';
import { usePeopleSearch } from '../hooks/use-people-search.ts';
import { usePresenceLabel } from '../hooks/use-presence-label.ts';
import { ChatAvatar } from './chat-avatar.tsx';

/** Finds a colleague by name and starts (or reopens) the conversation with them. */
export function PeopleDialog({
  open,
  onOpenChange,
  onChoose,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (idUsuario: number) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const search = usePeopleSearch(name);
  const presenceLabel = usePresenceLabel();
  const people = search.data?.listUsuarios ?? [];
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('portal.chat.people.title')}>
      <TextField
        label={t('portal.chat.people.searchLabel')}
        type="search"
        value={name}
        autoFocus
        onChange={(event) => setName(event.target.value)}
      />
      <div className="mt-3">
        {search.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : people.length === 0 ? (
          <p className="text-sm text-slate-700">{t('portal.chat.people.none')}</p>
        ) : (
          <ul className="flex flex-col">
            {people.map((person) => (
              <li key={person.idUsuario}>
                <button
                  type="button"
                  onClick={() => onChoose(person.idUsuario)}
                  className="flex w-full items-center gap-3 rounded-md px-2 py-2 text-left hover:bg-slate-50"
                >
                  <ChatAvatar
                    name={person.nome}
                    photoUrl={person.urlFoto}
                    online={person.online === 'S'}
                    size="sm"
                  />
                  <span className="flex min-w-0 flex-col">
                    <span className="truncate font-medium text-slate-900">{person.nome}</span>
                    <span className="truncate text-sm text-slate-700">
                      {[person.cargo, person.setor].filter(Boolean).join(' · ') ||
                        presenceLabel(person.online === 'S')}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}
