import { auditActionsEn } from './audit-actions-en.ts';
import type { ServerCatalogue } from './catalogue.ts';

/** English: the server's own texts (exports, imports, e-mails). */
export const enServer: ServerCatalogue = {
  /** The bell's texts, in each person's language (notifications' notify). */
  bell: {
    postComment: '{{name}} commented on your post',
    surveyPublished: 'New survey available',
    publicationPublished: 'New publication',
    publicationPublishedBody: 'New publication on the timeline',
    readingReminder: 'Mandatory reading pending: confirm with "I have read and understood"',
    readingDeadline: 'Deadline: {{date}}.',
    hrAnswered: 'HR answered ticket {{protocol}}',
    hrStatusTitle: 'Ticket {{protocol}}: {{status}}',
    hrStatusBody: 'Status: {{status}}',
    hrStatus: {
      ABERTO: 'Open',
      EM_ANDAMENTO: 'In progress',
      AGUARDANDO_COLABORADOR: 'Waiting for you',
      RESOLVIDO: 'Resolved',
      FECHADO: 'Closed',
    },
    hrSlaBreach: 'Ticket {{protocol}}: {{target}} deadline missed',
    hrSlaWarning: 'Ticket {{protocol}}: 75% of the {{target}} deadline',
    hrSlaTarget: {
      firstResponse: 'first response',
      resolution: 'resolution',
    },
    hrSlaDue: 'Deadline: {{date}}',
    hrAssignedTitle: 'Ticket {{protocol}} assigned to you',
    hrAssignedBody: 'You are responsible for this ticket in the HR portal.',
    moderationPost: {
      OCULTAR: 'Your post was hidden by moderation',
      EXIBIR: 'Your post is shown again',
      EXCLUIR: 'Your post was deleted by moderation',
    },
    moderationComment: {
      OCULTAR: 'Your comment was hidden by moderation',
      EXIBIR: 'Your comment is shown again',
      EXCLUIR: 'Your comment was deleted by moderation',
    },
    moderationReason: 'Reason: {{reason}}',
  },
  push: {
    confidentialTitle: 'You have a new message from HR',
    testTitle: 'Elo test notification',
    testBody: 'If you can see this, notifications reach this device.',
    outcome: {
      delivered: 'The push service accepted the message (HTTP {{status}}).',
      gone: 'The push service no longer knows this device (HTTP {{status}}), so it was removed. Turn notifications on again in this browser.',
      retry: 'The push service is busy or down (HTTP {{status}}). Try again later.',
      rejected: 'The push service refused the message (HTTP {{status}}).',
      unreachable: "This device's push service could not be reached. Try again later.",
      refused: "This device's notification address is not accepted, so it was removed.",
    },
  },
  administrators: {
    removalMaster: "they are the company's master user.",
    removalLastEditor:
      'the company must keep at least one approved, active administrator allowed to edit administrators.',
  },
  surveys: {
    copySuffix: ' (copy)',
    accessError: 'Error accessing the survey.',
    export: {
      application: 'Answer',
      respondent: 'Respondent',
      finishedAt: 'Finished at',
      files: '{{count}} file(s)',
    },
  },
  usersAdmin: {
    export: {
      title: 'Users',
    },
    /** The first-access invitation by SMS, for people without an e-mail. */
    invitationSms:
      '{{company}}: your access to the portal was created. Login: {{login}} Provisional password: {{password}} Make your first access with your birth date at {{link}}',
  },
  myAccount: {
    export: {
      hrTicketsNote:
        'Your HR tickets, with the messages you see in the portal (the internal notes of HR are not part of them).',
    },
  },
  hrTickets: {
    report: {
      title: 'SLA {{mes}}',
      subject: 'Subject',
      tickets: 'Tickets',
      medianFirstResponse: 'Median first response (business minutes)',
      withinSla: 'Within SLA (%)',
      satisfaction: 'Mean satisfaction',
      ratings: 'Ratings',
    },
  },
  audit: {
    /** The author of an entry about a confidential HR ticket, for a reader not assigned to its subject. */
    confidential: 'Confidential',
    /** What stands for a record named in an entry that no longer exists. */
    actions: auditActionsEn,
    deleted: '(deleted)',
    /** The changed fields' names, as the screen and the export show them. */
    fields: {
      idPesquisaOrigem: 'Source survey',
      qtdAnexos: 'Number of attachments',
      anexo: 'Attachment',
      titulo: 'Title',
      texto: 'Text',
      descricao: 'Description',
      nome: 'Name',
      tipoLogin: 'Sign-in type',
      email: 'E-mail',
      matricula: 'Employee number',
      celular: 'Mobile',
      idUnidade: 'Unit',
      idFilial: 'Branch',
      idSetor: 'Sector',
      idCargo: 'Job title',
      idAssunto: 'Subject',
      dtNascimento: 'Date of birth',
      dtAdmissao: 'Hire date',
      textoPerfil: 'Profile',
      idsGrupos: 'Groups',
      flAtivo: 'Active',
      senha: 'Password',
      foto: 'Photo',
      idResponsavel: 'Responsible',
      status: 'Status',
    },
    /** The kinds of record an entry is about. */
    targets: {
      user: 'User',
      administrator: 'Administrator',
      group: 'Group',
      publication: 'Publication',
      post: 'Post',
      comment: 'Comment',
      announcement: 'Announcement',
      tv_screen: 'TV screen',
      reminder: 'Reminder',
      hr_ticket: 'Ticket',
      hr_subject: 'HR subject',
      survey: 'Survey',
    },
    export: {
      title: 'Audit log',
      date: 'Date',
      author: 'Author',
      action: 'Action',
      targetType: 'Target type',
      targetName: 'Target',
      changes: 'Changes',
      ip: 'Address',
      userAgent: 'Browser',
      truncated:
        'Export limited to the {{limite, number}} most recent entries; narrow the filters to see the rest.',
    },
  },
  publicationReach: {
    export: {
      title: 'Publication',
      name: 'Name',
      sector: 'Sector',
      date: 'Date',
      comment: 'Comment',
      hidden: 'Hidden',
      yes: 'Yes',
      no: 'No',
      truncated: 'Export limited to the {{limite, number}} most recent records.',
      tabs: {
        comentarios: 'Comments',
        curtir: 'Like',
        amei: 'Love',
        parabens: 'Congratulations',
        genial: 'Genius',
        salvos: 'Saved',
        visualizaram: 'Viewed',
        confirmaram: 'Confirmed',
        pendentes: 'Pending',
      },
    },
  },
  userImport: {
    cell: '{{coluna}}: {{mensagem}}',
    fileFormat: 'Invalid file. Send a CSV or XLSX file',
    fileUnreadable: 'The file could not be read. Check that it is a valid CSV or XLSX',
    fileEmpty: 'The file has no rows to import',
    columnsMissing: 'Missing columns: {{colunas}}',
    columnsUnknown: 'Unknown columns: {{colunas}}',
    cellCount:
      'Row {{linha}}: it has {{celulas}} cells, but the header has {{colunas}}. Check the separator ({{separador}}); a cell that holds it, such as a list of groups, goes in quotes',
    cellCountMore: 'And {{qtd}} more row(s) with the wrong number of cells',
    invalidRowsTitle: 'Rows with errors',
    loginTypeInvalid: 'Enter EMAIL or MATRICULA',
    groupUnknown: 'Group not found: {{nome}}',
    emailInUse: 'This e-mail is already used by someone else',
    matriculaInUse: 'This employee ID is already used by someone else in the company',
    repeated: 'Repeated in the file (row {{linha}})',
    samePerson: 'This person is already in the file (row {{linha}})',
    template: {
      title: 'User import',
      name: 'Maria da Silva',
      email: 'maria.silva@company.com',
      unit: 'Head office',
      branch: 'São Paulo',
      sector: 'Finance',
      jobTitle: 'Analyst',
      groups: 'Everyone;Sales',
    },
  },
};
