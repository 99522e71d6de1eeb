import type { UiCatalogue } from './ui-catalogue.ts';

/**
 * The English texts of the notifications and the shared components (tables, fields, dialogs).
 * ui-en.ts joins them into the catalogue.
 */
export const uiEnKit: Pick<UiCatalogue, 'notifications' | 'kit'> = {
  notifications: {
    bell: 'Notifications',
    bellUnread_one: 'Notifications ({{count}} unread)',
    bellUnread_other: 'Notifications ({{count}} unread)',
    heading: 'Notifications',
    markAll: 'Mark all as read',
    loadMore: 'Load more',
    loading: 'Loading notifications…',
    empty: 'You have no notifications.',
    loadFailed: 'The notifications could not be loaded.',
    unread: 'Unread',
    snooze10: 'Snooze 10 min',
    snooze60: 'Snooze 1 h',
    snoozeGroup: 'Snooze the reminder {{titulo}}',
    snoozed: 'Reminder snoozed until {{when}}.',
    snoozeFailed: 'The reminder could not be snoozed',
    preferences: 'Notification preferences',
    preferencesDescription:
      'Choose, for each kind, whether it shows in the portal and whether it comes by e-mail.',
    inApp: 'Show in the portal',
    email: 'E-mail digest',
    emailNone: 'Do not send',
    emailDaily: 'Daily',
    emailWeekly: 'Weekly',
    save: 'Save preferences',
    saved: 'Preferences saved.',
    types: {
      PESQUISA_PUBLICADA: 'Survey published to one of your groups',
      COMENTARIO_POSTAGEM: 'Comment on one of your posts',
      LEMBRETE_LEITURA: 'Reminder of a mandatory reading',
      MODERACAO_CONTEUDO: 'Moderation of one of your posts or comments',
      PUBLICACAO_PUBLICADA: 'Publication of the administration for you',
      CHAMADO_RESPOSTA: 'HR answered one of your tickets',
      CHAMADO_SLA: 'A ticket of yours is close to or past its deadline',
      CHAMADO_ATRIBUIDO: 'A ticket was assigned to you',
      LEMBRETE: 'One of your reminders',
    },
  },
  kit: {
    table: {
      loading: 'Loading…',
      empty: 'No results found',
      actions: 'Actions',
      actionsFor: 'Actions for {{name}}',
      selectAll: 'Select all on this page',
      selectRow: 'Select {{name}}',
      selected_one: '{{count}} item selected',
      selected_other: '{{count}} items selected',
      clearSelection: 'Clear selection',
    },
    pagination: {
      label: 'Pagination',
      summary: 'Showing [START] to [END] of [TOTAL] result(s)',
      previous: 'Previous page',
      next: 'Next page',
      page: 'Page {{page}}',
    },
    search: {
      label: 'Search',
    },
    confirm: {
      confirm: 'Confirm',
    },
    reason: {
      label: 'Reason',
    },
    field: {
      required: 'required',
      choose: 'Select',
    },
    multiSelect: {
      filter: 'Filter the options of {{label}}',
      remove: 'Remove {{name}}',
      noMatches: 'No option found',
      chosen: 'Chosen',
      none: 'Nothing chosen',
    },
    date: {
      openCalendar: 'Pick from the calendar: {{label}}',
      datePlaceholder: 'mm/dd/yyyy',
      dateTimePlaceholder: 'mm/dd/yyyy hh:mm',
    },
    color: {
      picker: 'Colour picker of {{label}}',
    },
    file: {
      choose: 'Choose file',
      change: 'Change file',
      remove: 'Remove file',
      noFile: 'No file chosen',
      tooLarge: 'Invalid file. The file size limit is {{size}}',
      invalidType: 'Invalid file. The valid file formats are {{formats}}',
    },
    attachments: {
      heading: 'Attachments',
      choose: 'Add files',
      count: '{{chosen}} of {{max}} files',
      remove: 'Remove {{name}}',
      tooMany: 'The limit of {{max}} files was reached.',
    },
    image: {
      choose: 'Choose image',
      change: 'Change image',
      remove: 'Remove image',
      preview: 'Preview: {{label}}',
      squarePreview: 'Preview: {{label}}, cropped to the centred square that will be stored',
      notImage: 'The file is not a valid image',
      exact: 'The image must be exactly {{width}}x{{height}} pixels',
      tooSmall: 'The image must be at least {{width}}x{{height}} pixels',
      tooLarge: 'The image must be at most {{width}}x{{height}} pixels',
      exactHint: 'Exactly {{width}}x{{height}} pixels.',
      rangeHint: 'From {{minWidth}}x{{minHeight}} to {{maxWidth}}x{{maxHeight}} pixels.',
      saved: 'Saved image',
      checking: 'Checking the image…',
    },
  },
};
