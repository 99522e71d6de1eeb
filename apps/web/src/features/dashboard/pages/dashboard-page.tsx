import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Permission } from '@elo/contract/enums';
import { shortcutName, useFunctionNameLanguage } from '#lib/function-names.ts';
import { paths } from '#lib/paths.ts';
import { hasPermission, useKnownLoggedUser } from '#lib/session.ts';
import { buttonClassName } from '#ui/button.tsx';
import { PageHeading } from '#ui/page-heading.tsx';
import { TitledSection } from '#ui/titled-section.tsx';
import { shortcutRoutes } from '../shortcut-routes.ts';

export interface DashboardPageProps {
  /** The announcements carousel (the timeline feature's, composed in app/). */
  banners?: ReactNode;
  /** The latest posts (the timeline feature's, composed in app/). */
  latestPosts?: ReactNode;
  /** Unread chat messages (the chat feature's count, composed in app/). */
  unreadChatMessages?: number;
}

function Shortcuts() {
  const { t } = useTranslation();
  const user = useKnownLoggedUser();
  const language = useFunctionNameLanguage();
  const shortcuts = (user?.atalhosPermissoes ?? []).flatMap((shortcut) => {
    const to = shortcutRoutes[shortcut.permissao];
    // A shortcut only for what the user may open and the portal has a page for, named in the
    // page's language when the company gave it a name in it.
    return to && user?.permissoes.includes(shortcut.permissao)
      ? [{ to, label: shortcutName(shortcut, language) }]
      : [];
  });
  return (
    <TitledSection
      title={t('portal.dashboard.shortcutsHeading')}
      headingGap
      themed
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      {shortcuts.length === 0 ? (
        <p className="text-font-secondary">{t('portal.dashboard.noShortcuts')}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {shortcuts.map((shortcut) => (
            <li key={shortcut.to}>
              <Link to={shortcut.to} className={buttonClassName({ variant: 'secondary' })}>
                {shortcut.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}

function Counts({ unreadChatMessages }: { unreadChatMessages: number }) {
  const { t } = useTranslation();
  const user = useKnownLoggedUser();
  const unreadTickets = user?.qtdChamadosComMensagemNaoLida ?? 0;
  const counts = [
    // The chat's count leads to the chat: shown only to whom the chat is open.
    ...(hasPermission(user, Permission.chat)
      ? [{ label: t('portal.dashboard.unreadChat'), value: unreadChatMessages, to: paths.portal.chat }]
      : []),
    { label: t('portal.dashboard.unreadTickets'), value: unreadTickets, to: paths.portal.hrContact },
  ];
  return (
    <TitledSection
      title={t('portal.dashboard.countsHeading')}
      headingGap
      themed
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <dl className="grid gap-3 sm:grid-cols-2">
        {counts.map((count) => (
          <div key={count.to} className="rounded-md bg-slate-50 p-3">
            <dt className="text-sm text-font-secondary">
              <Link to={count.to} className="underline-offset-2 hover:underline">
                {count.label}
              </Link>
            </dt>
            <dd className="text-3xl font-semibold text-font-primary">{count.value}</dd>
          </div>
        ))}
      </dl>
    </TitledSection>
  );
}

/**
 * The employee dashboard (/painel/dashboard): announcements, shortcuts from atalhosPermissoes,
 * the unread counts of chat and HR tickets, and the latest posts.
 */
export function DashboardPage({ banners, latestPosts, unreadChatMessages = 0 }: DashboardPageProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t('portal.dashboard.title')} />
      {banners}
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-6">
          <Shortcuts />
          <Counts unreadChatMessages={unreadChatMessages} />
        </div>
        {latestPosts}
      </div>
    </>
  );
}
