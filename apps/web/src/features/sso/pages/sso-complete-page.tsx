import { ssoCodeParam } from '@elo/contract/sso-params';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { quietApi } from '#lib/api.ts';
import { homePath, paths } from '#lib/paths.ts';
import { useSignIn } from '#lib/sign-in.ts';
import { Alert } from '#ui/alert.tsx';
import { PageSpinner } from '#ui/spinner.tsx';
import { textLinkClassName } from '#ui/text-link.ts';

/**
 * Where a sign-in through the company's identity provider lands (/sso/concluir#codigoSso=…):
 * trades the one-time code for the session, as doLogin would answer, and goes to the timeline.
 */
export function SsoCompletePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const signIn = useSignIn((codigo: string) => quietApi.concluiLoginSso({ codigo }));
  // The code as the page was opened with it (the address loses it at once, below).
  const [code] = useState(() => new URLSearchParams(hash.slice(1)).get(ssoCodeParam));
  const [failure, setFailure] = useState<string | null>(code ? null : t('auth.ssoComplete.failed'));
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !code) return;
    started.current = true;
    // The code leaves the address at once: it is not kept in the history.
    void navigate(paths.ssoComplete, { replace: true });
    signIn.mutateAsync(code).then(
      () => navigate(homePath, { replace: true }),
      (error: unknown) =>
        setFailure(error instanceof Error && error.message ? error.message : t('auth.ssoComplete.failed')),
    );
  }, [signIn, navigate, t, code]);

  if (!failure) return <PageSpinner label={t('auth.ssoComplete.inProgress')} />;
  return (
    <div className="flex flex-col gap-4">
      <Alert type="error">{failure}</Alert>
      <Link to={paths.login} className={textLinkClassName}>
        {t('auth.ssoComplete.back')}
      </Link>
    </div>
  );
}
