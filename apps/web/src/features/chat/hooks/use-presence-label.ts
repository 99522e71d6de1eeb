import { useTranslation } from 'react-i18next';

/** The words for whether a person is online, as the conversation list, header and people search show them. */
export function usePresenceLabel() {
  const { t } = useTranslation();
  return (online: boolean) => (online ? t('portal.chat.online') : t('portal.chat.offlineStatus'));
}
