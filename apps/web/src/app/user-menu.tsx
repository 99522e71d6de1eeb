import { isLanguage, languages, type Language } from '@elo/contract/enums';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { awaitsAdminApproval, isAnyAdministrator } from '#lib/admin-access.ts';
import { changeLanguage, currentLanguage } from '#lib/i18n/i18n.ts';
import { languageNames } from '#lib/i18n/language.ts';
import { useKnownLoggedUser } from '#lib/session.ts';
import { Avatar } from '#ui/avatar.tsx';
import { ChevronDownIcon } from '#ui/icons.tsx';
import { paths } from '#lib/paths.ts';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-800 outline-none select-none data-[highlighted]:bg-primary-50 data-[highlighted]:text-slate-900';

/** The signed-in user's menu: switch area, language, and 'Sair'. */
export function UserMenu({ area }: { area: 'portal' | 'admin' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useKnownLoggedUser();
  const name = user?.usuario.nome ?? '';
  const photo = user?.usuario.urlFoto;
  // The administration opens by the administrator's statuses (RequireAdmin), not by the flag alone.
  // One awaiting approval gets the link too, and learns there why the administration stays closed.
  const showAreaSwitch = area === 'admin' || isAnyAdministrator(user) || awaitsAdminApproval(user);

  return (
    // Not modal: a menu needs no focus trap, and hiding the page from assistive tech while it is
    // open would leave the trigger button focusable inside hidden content.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={name ? `${t('userMenu.open')}: ${name}` : t('userMenu.open')}
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-slate-800 hover:bg-slate-100"
      >
        <Avatar
          name={name}
          photoUrl={photo}
          className="size-8"
          initialsClassName="flex bg-primary-600 text-xs font-semibold text-on-primary"
        />
        <span className="hidden max-w-40 truncate sm:inline">{name}</span>
        <ChevronDownIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-56 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          {showAreaSwitch && (
            <>
              <DropdownMenu.Item
                className={itemClass}
                onSelect={() => void navigate(area === 'admin' ? paths.portal.timeline : paths.admin.root)}
              >
                {area === 'admin' ? t('userMenu.portal') : t('userMenu.admin')}
              </DropdownMenu.Item>
              <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            </>
          )}
          <DropdownMenu.Item className={itemClass} onSelect={() => void navigate(paths.portal.myAccount)}>
            {t('userMenu.myAccount')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => void navigate(paths.portal.reminders)}>
            {t('userMenu.reminders')}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Label className="px-3 py-1 text-xs font-semibold text-slate-600 uppercase">
            {t('userMenu.language')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={currentLanguage()}
            onValueChange={(value) => {
              if (isLanguage(value)) void changeLanguage(value);
            }}
          >
            {languages.map((language: Language) => (
              <DropdownMenu.RadioItem key={language} value={language} lang={language} className={itemClass}>
                <span className="w-4" aria-hidden="true">
                  <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
                </span>
                {languageNames[language]}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={itemClass} onSelect={() => void navigate(paths.logout)}>
            {t('userMenu.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
