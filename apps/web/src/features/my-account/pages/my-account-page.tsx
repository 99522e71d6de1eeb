import { personalDataExportPath, type MinhaConta } from '@elo/contract/calls/my-account';
import { SelfEditableField } from '@elo/contract/calls/catalog';
import { limits } from '@elo/contract/limits';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { calendarDayToMoment } from '#lib/date-input.ts';
import { formatDate } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { useKnownLoggedUser } from '#lib/session.ts';
import { showErrorToast } from '#lib/show-error.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { Alert } from '#ui/alert.tsx';
import { buttonClassName } from '#ui/button.tsx';
import { ImageField } from '#ui/image-field.tsx';
import { RetryButton } from '#ui/load-failed-alert.tsx';
import { PageHeading } from '#ui/page-heading.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { CelebrationsChoice } from '../components/celebrations-choice.tsx';
import { DeletionRequestSection } from '../components/deletion-request-section.tsx';
import { ProfileForm } from '../components/profile-form.tsx';
import { useMyAccount, useUploadMyPhoto } from '../hooks/use-my-account.ts';

/** A titled part of the page. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={id} className="mb-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The profile as the company keeps it: what only the administration changes, read-only. */
function ProfileFacts({ account }: { account: MinhaConta }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const day = (value: string | null) => (value ? formatDate(calendarDayToMoment(value)!, language) : null);
  const facts: [string, string | null][] = [
    [t('portal.myAccount.fields.name'), account.nome],
    [t('portal.myAccount.fields.email'), account.email],
    [t('portal.myAccount.fields.matricula'), account.matricula],
    [t('portal.myAccount.fields.mobile'), account.celular],
    [t('portal.myAccount.fields.birthDate'), day(account.dtNascimento)],
    [t('portal.myAccount.fields.admissionDate'), day(account.dtAdmissao)],
    [t('portal.myAccount.fields.unit'), account.unidade],
    [t('portal.myAccount.fields.branch'), account.filial],
    [t('portal.myAccount.fields.sector'), account.setor],
    [t('portal.myAccount.fields.jobTitle'), account.cargo],
    [t('portal.myAccount.fields.profileText'), account.textoPerfil],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
      {facts.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-sm font-medium text-slate-600">{label}</dt>
          <dd className="break-words whitespace-pre-wrap text-slate-900">{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The person's photo, changed at once when a new one is chosen (cropped square by the server). */
function PhotoField({ account }: { account: MinhaConta }) {
  const { t } = useTranslation();
  const upload = useUploadMyPhoto();
  const showToast = useToastStore((store) => store.showToast);
  const [chosen, setChosen] = useState<File | null>(null);
  return (
    <ImageField
      label={t('portal.myAccount.photo')}
      hint={t('portal.myAccount.photoHint')}
      accept={['png', 'jpg', 'jpeg']}
      maxBytes={limits.mediaMaxBytes}
      value={chosen}
      currentUrl={account.urlFoto}
      square
      disabled={upload.isPending}
      onChange={(file) => {
        if (!file) return setChosen(null);
        setChosen(file);
        upload.mutate(file, {
          onSuccess: () => {
            setChosen(null);
            showToast({ type: 'success', message: t('portal.myAccount.photoSaved') });
          },
          onError: (error) => {
            setChosen(null);
            showErrorToast(error);
          },
        });
      }}
    />
  );
}

/**
 * "Minha conta" (/painel/minha-conta): the person's profile as the company keeps it, the fields
 * they may change, their notification preferences (`preferences`, composed by the app), the
 * download of everything the portal holds about them, and their account deletion request.
 */
export function MyAccountPage({ preferences }: { preferences?: ReactNode }) {
  const { t } = useTranslation();
  const { data: account, error, isPending, refetch } = useMyAccount();
  const user = useKnownLoggedUser();
  // The master user's account is the company: it is never deleted (the server refuses it too).
  const isMaster = user !== undefined && user.usuario.idUsuario === user.usuario.idUsuarioPai;
  const editsPhoto = account?.camposEditaveis.includes(SelfEditableField.photo) ?? false;
  const editsSome = (account?.camposEditaveis.length ?? 0) > 0;

  return (
    <>
      <PageHeading title={t('portal.myAccount.title')} />
      {isPending && <Spinner label={t('portal.myAccount.loading')} />}
      {error && !account && (
        <Alert type="error" actions={<RetryButton onRetry={() => void refetch()} />}>
          {error.message}
        </Alert>
      )}
      {account && (
        <div className="flex max-w-4xl flex-col gap-6">
          <Section id="my-account-profile" title={t('portal.myAccount.profile')}>
            <p className="mb-4 text-sm text-slate-700">{t('portal.myAccount.profileDescription')}</p>
            <ProfileFacts account={account} />
          </Section>
          {editsSome && (
            <Section id="my-account-edit" title={t('portal.myAccount.edit')}>
              <div className="flex flex-col gap-6">
                {editsPhoto && <PhotoField account={account} />}
                <ProfileForm key={account.idUsuario} account={account} />
              </div>
            </Section>
          )}
          <Section id="my-account-celebrations" title={t('portal.myAccount.celebrations')}>
            <CelebrationsChoice account={account} />
          </Section>
          {preferences && (
            <Section id="my-account-notifications" title={t('portal.myAccount.notifications')}>
              {preferences}
            </Section>
          )}
          <Section id="my-account-data" title={t('portal.myAccount.data')}>
            <p className="mb-4 text-slate-700">{t('portal.myAccount.dataDescription')}</p>
            <a href={personalDataExportPath} download className={buttonClassName({ variant: 'secondary' })}>
              {t('portal.myAccount.download')}
            </a>
          </Section>
          <Section id="my-account-deletion" title={t('portal.myAccount.deletion.title')}>
            {isMaster ? (
              <p className="text-slate-700">{t('portal.myAccount.deletion.master')}</p>
            ) : (
              <DeletionRequestSection request={account.solicitacaoExclusao} />
            )}
          </Section>
        </div>
      )}
    </>
  );
}
