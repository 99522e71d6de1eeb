import '#lib/i18n/area-texts.ts';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { Permission } from '@elo/contract/enums';
import { functionName, useFunctionNameLanguage } from '#lib/function-names.ts';
import { hasPermission, useKnownLoggedUser } from '#lib/session.ts';
import { PageOutlet } from '../page-outlet.tsx';
import { homePath, paths } from '#lib/paths.ts';
import { UserMenu } from '../user-menu.tsx';
import { CompanyMark } from './company-mark.tsx';
import { SkipLink } from '#ui/skip-link.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { ChatUnreadBadge } from '../../features/chat/components/chat-unread-badge.tsx';
import { HeaderSearch } from '../../features/search/components/header-search.tsx';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap',
    isActive ? 'bg-primary-50 text-primary-ink' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );

/** The employee area's frame (/painel): company header, main navigation and the user menu. */
export function PortalLayout() {
  const { t } = useTranslation();
  const user = useKnownLoggedUser();
  const language = useFunctionNameLanguage();
  const unreadTickets = user?.qtdChamadosComMensagemNaoLida ?? 0;
  // Only what the person's permissions open: an entry that bounces to the no-access modal is
  // a dead end (issue 29).
  const links = [
    { to: paths.portal.dashboard, label: t('nav.dashboard') },
    { to: paths.portal.timeline, label: t('nav.timeline') },
    // The chat stays connected on every page, so its unread total shows in the menu.
    ...(hasPermission(user, Permission.chat)
      ? [
          {
            to: paths.portal.chat,
            label: functionName(user, Permission.chat, t('nav.chat'), language),
            badge: <ChatUnreadBadge />,
          },
        ]
      : []),
    ...(hasPermission(user, Permission.surveys)
      ? [
          {
            to: paths.portal.surveys,
            label: functionName(user, Permission.surveys, t('nav.surveys'), language),
          },
        ]
      : []),
  ];
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Link to={homePath} className="rounded-md">
            <CompanyMark />
          </Link>
          {/* On a narrow screen the field takes a row of its own, under the mark and the menus. */}
          <div className="order-last w-full sm:order-none sm:w-auto sm:flex-1 sm:max-w-md">
            <HeaderSearch />
          </div>
          <div className="flex items-center gap-1">
            <NotificationBell />
            <UserMenu area="portal" />
          </div>
        </div>
        {/* On a narrow screen the links wrap onto a second row: none hides off screen. */}
        <nav aria-label={t('nav.main')} className="mx-auto max-w-6xl px-2 pb-2">
          <ul className="flex flex-wrap gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={navLinkClass}>
                  {link.label}
                  {link.badge}
                </NavLink>
              </li>
            ))}
            <li>
              <NavLink to={paths.portal.hrContact} className={navLinkClass}>
                {t('nav.hrContact')}
                {unreadTickets > 0 && (
                  <span className="rounded-full bg-red-700 px-2 text-xs font-semibold text-white">
                    <span aria-hidden="true">{unreadTickets}</span>
                    <span className="sr-only">{t('nav.unreadTickets', { count: unreadTickets })}</span>
                  </span>
                )}
              </NavLink>
            </li>
          </ul>
        </nav>
      </header>
      <main id="conteudo" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none">
        <PageOutlet />
      </main>
    </div>
  );
}
