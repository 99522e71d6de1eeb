import { publicationLimits } from '@elo/contract/calls/publications';
import { ModerationAction, type ModerationActionValue } from '@elo/contract/calls/moderation';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { ReasonDialog } from '#ui/reason-dialog.tsx';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-800 outline-none select-none data-[highlighted]:bg-primary-50 data-[highlighted]:text-slate-900';

function DotsIcon() {
  return (
    <svg viewBox="0 0 24 24" width={18} height={18} aria-hidden="true" focusable="false">
      <circle cx="5" cy="12" r="2" fill="currentColor" />
      <circle cx="12" cy="12" r="2" fill="currentColor" />
      <circle cx="19" cy="12" r="2" fill="currentColor" />
    </svg>
  );
}

export interface ModerationMenuProps {
  /** What is moderated: a post or a comment (the texts differ). */
  kind: 'post' | 'comment';
  /** The menu button's accessible name ('Moderar a publicação de Maria'). */
  label: string;
  hidden: boolean;
  /** Sends the moderation; its promise settles the dialog. */
  onModerate: (acao: ModerationActionValue, motivo: string) => Promise<unknown>;
}

/**
 * The moderation menu of a post or a comment: hide (or show again) and delete, each through a
 * dialog that asks the reason (required to hide or delete, optional to show again).
 */
export function ModerationMenu({ kind, label, hidden, onModerate }: ModerationMenuProps) {
  const { t } = useTranslation();
  const showToast = useToastStore((state) => state.showToast);
  const [action, setAction] = useState<ModerationActionValue | null>(null);
  const base =
    kind === 'post' ? ('admin.timelineAdmin.post' as const) : ('admin.timelineAdmin.comment' as const);
  const choices: ModerationActionValue[] = [
    hidden ? ModerationAction.show : ModerationAction.hide,
    ModerationAction.delete,
  ];
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label={label}
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 hover:text-slate-900"
        >
          <DotsIcon />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-30 min-w-48 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
          >
            {choices.map((choice) => (
              <DropdownMenu.Item key={choice} className={itemClass} onSelect={() => setAction(choice)}>
                {t(`admin.timelineAdmin.actions.${choice}`)}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ReasonDialog
        open={action !== null}
        onOpenChange={(open) => !open && setAction(null)}
        title={action ? t(`${base}.title.${action}`) : ''}
        description={action ? t(`${base}.description.${action}`) : undefined}
        confirmLabel={action ? t(`admin.timelineAdmin.actions.${action}`) : undefined}
        variant={action === ModerationAction.delete ? 'danger' : 'primary'}
        reasonRequired={action !== ModerationAction.show}
        reasonHint={t('admin.timelineAdmin.reasonHint', { max: publicationLimits.moderationReasonMax })}
        maxLength={publicationLimits.moderationReasonMax}
        onConfirm={async (motivo) => {
          const chosen = action!;
          await onModerate(chosen, motivo);
          showToast({ type: 'success', message: t(`${base}.done.${chosen}`) });
        }}
      />
    </>
  );
}
