import { toFlag } from '@elo/contract/wire';
import type { MinhaConta } from '@elo/contract/calls/my-account';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from '#lib/show-error.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { CheckboxField } from '#ui/checkbox-field.tsx';
import { useSaveMyAccount } from '../hooks/use-my-account.ts';

/**
 * The person's own choice to keep their birthday and work anniversary off the corporate TV
 * screens: saved as soon as it changes, whatever the company lets them edit.
 */
export function CelebrationsChoice({ account }: { account: MinhaConta }) {
  const { t } = useTranslation();
  const save = useSaveMyAccount();
  const showToast = useToastStore((store) => store.showToast);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-700">{t('portal.myAccount.celebrationsDescription')}</p>
      <CheckboxField
        label={t('portal.myAccount.hideCelebrations')}
        checked={account.flOcultaComemoracoesTv === 'S'}
        disabled={save.isPending}
        onChange={(event) =>
          save.mutate(
            { flOcultaComemoracoesTv: toFlag(event.target.checked) },
            {
              onSuccess: () =>
                showToast({ type: 'success', message: t('portal.myAccount.celebrationsSaved') }),
              onError: (error) => showErrorToast(error),
            },
          )
        }
      />
    </div>
  );
}
