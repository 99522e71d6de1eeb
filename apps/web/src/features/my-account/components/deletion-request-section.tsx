import { solicitaExclusaoConta, type MinhaConta } from '@elo/contract/calls/my-account';
import { DeletionRequestStatus } from '@elo/contract/calls/my-account';
import { peopleLimits } from '@elo/contract/calls/people-limits';
import type { CallInput } from '@elo/contract/define-call';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useContractResolver } from '#lib/contract-resolver.ts';
import { formatDateTime } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { showErrorToast } from '#lib/show-error.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { Button } from '#ui/button.tsx';
import { ConfirmDialog } from '#ui/confirm-dialog.tsx';
import { Field, fieldControlClassName } from '#ui/field.tsx';
import { useRequestDeletion, useWithdrawDeletion } from '../hooks/use-my-account.ts';

type RequestValues = CallInput<typeof solicitaExclusaoConta>;

/**
 * The person's request to have their account deleted: a form with a comment (confirmed before it
 * is sent) or, once sent, the open request with a button to withdraw it.
 */
export function DeletionRequestSection({ request }: { request: MinhaConta['solicitacaoExclusao'] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const ask = useRequestDeletion();
  const withdraw = useWithdrawDeletion();
  const showToast = useToastStore((store) => store.showToast);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  const form = useForm<RequestValues>({
    resolver: useContractResolver(solicitaExclusaoConta.input),
    defaultValues: { comentario: '' },
  });
  const error = form.formState.errors.comentario?.message;

  if (request) {
    const pending = request.status === DeletionRequestStatus.pending;
    return (
      <div className="flex flex-col gap-3">
        <p className="text-slate-800">
          {t(pending ? 'portal.myAccount.deletion.pending' : 'portal.myAccount.deletion.inProgress', {
            date: formatDateTime(request.dtSolicitacao, language),
          })}
        </p>
        <figure className="rounded-md border border-slate-200 bg-slate-50 p-3">
          <figcaption className="text-sm font-medium text-slate-700">
            {t('portal.myAccount.deletion.yourComment')}
          </figcaption>
          <blockquote className="mt-1 whitespace-pre-wrap text-slate-900">{request.comentario}</blockquote>
        </figure>
        {pending && (
          <div>
            <Button variant="secondary" onClick={() => setWithdrawing(true)}>
              {t('portal.myAccount.deletion.withdraw')}
            </Button>
          </div>
        )}
        <ConfirmDialog
          open={withdrawing}
          onOpenChange={setWithdrawing}
          title={t('portal.myAccount.deletion.withdrawTitle')}
          description={t('portal.myAccount.deletion.withdrawDescription')}
          confirmLabel={t('portal.myAccount.deletion.withdraw')}
          onConfirm={() =>
            withdraw.mutateAsync(undefined, {
              onSuccess: () =>
                showToast({ type: 'success', message: t('portal.myAccount.deletion.withdrawn') }),
              onError: (failure) => showErrorToast(failure),
            })
          }
        />
      </div>
    );
  }

  const submit = form.handleSubmit((values) => setConfirming(values.comentario));
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <p className="text-slate-700">{t('portal.myAccount.deletion.explanation')}</p>
      <Field
        label={t('portal.myAccount.deletion.comment')}
        hint={t('portal.myAccount.deletion.commentHint', { max: peopleLimits.deletionCommentMax })}
        error={error}
        required
      >
        {(control) => (
          <textarea
            {...control}
            {...form.register('comentario')}
            required
            rows={3}
            maxLength={peopleLimits.deletionCommentMax}
            className={fieldControlClassName(error)}
          />
        )}
      </Field>
      <div>
        <Button type="submit" variant="danger">
          {t('portal.myAccount.deletion.request')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('portal.myAccount.deletion.confirmTitle')}
        description={t('portal.myAccount.deletion.confirmDescription')}
        confirmLabel={t('portal.myAccount.deletion.request')}
        variant="danger"
        onConfirm={() =>
          confirming !== null &&
          ask.mutateAsync(confirming, {
            onSuccess: () => {
              form.reset({ comentario: '' });
              showToast({ type: 'success', message: t('portal.myAccount.deletion.sent') });
            },
            onError: (failure) => showErrorToast(failure),
          })
        }
      />
    </form>
  );
}
