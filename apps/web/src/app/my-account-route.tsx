import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotificationPreferencesDialog } from '../features/notifications/components/notification-preferences-dialog.tsx';
import { MyAccountPage } from '../features/my-account/pages/my-account-page.tsx';
import { Button } from '#ui/button.tsx';

/** The notification preferences of the foundation, opened from "Minha conta". */
function NotificationPreferencesButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-slate-700">{t('portal.myAccount.notificationsDescription')}</p>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('portal.myAccount.notificationPreferences')}
      </Button>
      <NotificationPreferencesDialog open={open} onOpenChange={setOpen} />
    </div>
  );
}

/** "Minha conta" composed with the notification preferences (features never import each other). */
export function MyAccountRoute() {
  return <MyAccountPage preferences={<NotificationPreferencesButton />} />;
}
