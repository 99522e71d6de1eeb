import { auditActionsEs } from './audit-actions-es.ts';
import type { ServerCatalogue } from './catalogue.ts';

/** Spanish: the server's own texts (exports, imports, e-mails). */
export const esServer: ServerCatalogue = {
  /** The bell's texts, in each person's language (notifications' notify). */
  bell: {
    postComment: '{{name}} comentó tu publicación',
    surveyPublished: 'Nueva encuesta disponible',
    publicationPublished: 'Nueva publicación',
    publicationPublishedBody: 'Nueva publicación en la timeline',
    readingReminder: 'Lectura obligatoria pendiente: confirma con "Leí y estoy de acuerdo"',
    readingDeadline: 'Plazo: {{date}}.',
    hrAnswered: 'RR. HH. respondió a la solicitud {{protocol}}',
    hrStatusTitle: 'Solicitud {{protocol}}: {{status}}',
    hrStatusBody: 'Estado: {{status}}',
    hrStatus: {
      ABERTO: 'Abierta',
      EM_ANDAMENTO: 'En curso',
      AGUARDANDO_COLABORADOR: 'Esperándote',
      RESOLVIDO: 'Resuelta',
      FECHADO: 'Cerrada',
    },
    hrSlaBreach: 'Solicitud {{protocol}}: plazo de {{target}} vencido',
    hrSlaWarning: 'Solicitud {{protocol}}: 75 % del plazo de {{target}}',
    hrSlaTarget: {
      firstResponse: 'primera respuesta',
      resolution: 'solución',
    },
    hrSlaDue: 'Plazo: {{date}}',
    hrAssignedTitle: 'Solicitud {{protocol}} asignada a ti',
    hrAssignedBody: 'Eres responsable de esta solicitud en el portal de RR. HH.',
    moderationPost: {
      OCULTAR: 'La moderación ocultó tu publicación',
      EXIBIR: 'Tu publicación vuelve a mostrarse',
      EXCLUIR: 'La moderación eliminó tu publicación',
    },
    moderationComment: {
      OCULTAR: 'La moderación ocultó tu comentario',
      EXIBIR: 'Tu comentario vuelve a mostrarse',
      EXCLUIR: 'La moderación eliminó tu comentario',
    },
    moderationReason: 'Motivo: {{reason}}',
  },
  push: {
    confidentialTitle: 'Tienes un nuevo mensaje de RR. HH.',
    testTitle: 'Notificación de prueba de Elo',
    testBody: 'Si ves esto, las notificaciones llegan a este dispositivo.',
    outcome: {
      delivered: 'El servicio de notificaciones aceptó el mensaje (HTTP {{status}}).',
      gone: 'El servicio de notificaciones ya no reconoce este dispositivo (HTTP {{status}}), así que se eliminó. Activa de nuevo las notificaciones en este navegador.',
      retry: 'El servicio de notificaciones está ocupado o caído (HTTP {{status}}). Inténtalo más tarde.',
      rejected: 'El servicio de notificaciones rechazó el mensaje (HTTP {{status}}).',
      unreachable:
        'No se pudo contactar con el servicio de notificaciones de este dispositivo. Inténtalo más tarde.',
      refused: 'La dirección de notificación de este dispositivo no se acepta, así que se eliminó.',
    },
  },
  administrators: {
    removalMaster: 'es el usuario maestro de la empresa.',
    removalLastEditor:
      'la empresa debe mantener al menos un administrador aprobado y activo con el permiso de editar administradores.',
  },
  surveys: {
    copySuffix: ' (copia)',
    accessError: 'Error al acceder a la encuesta.',
    export: {
      application: 'Respuesta',
      respondent: 'Encuestado',
      finishedAt: 'Finalizada el',
      files: '{{count}} archivo(s)',
    },
  },
  usersAdmin: {
    export: {
      title: 'Usuarios',
    },
    /** The first-access invitation by SMS, for people without an e-mail. */
    invitationSms:
      '{{company}}: se creó tu acceso al portal. Login: {{login}} Contraseña provisional: {{password}} Haz el primer acceso con tu fecha de nacimiento en {{link}}',
  },
  myAccount: {
    export: {
      hrTicketsNote:
        'Tus tickets a RR. HH., con los mensajes que ves en el portal (las notas internas de RR. HH. no forman parte).',
    },
  },
  hrTickets: {
    report: {
      title: 'SLA {{mes}}',
      subject: 'Asunto',
      tickets: 'Tickets',
      medianFirstResponse: 'Mediana de la primera respuesta (minutos hábiles)',
      withinSla: 'Dentro del SLA (%)',
      satisfaction: 'Satisfacción media',
      ratings: 'Evaluaciones',
    },
  },
  audit: {
    /** The author of an entry about a confidential HR ticket, for a reader not assigned to its subject. */
    confidential: 'Confidencial',
    /** What stands for a record named in an entry that no longer exists. */
    actions: auditActionsEs,
    deleted: '(eliminado)',
    /** The changed fields' names, as the screen and the export show them. */
    fields: {
      idPesquisaOrigem: 'Encuesta de origen',
      qtdAnexos: 'Cantidad de adjuntos',
      anexo: 'Adjunto',
      titulo: 'Título',
      texto: 'Texto',
      descricao: 'Descripción',
      nome: 'Nombre',
      tipoLogin: 'Tipo de inicio de sesión',
      email: 'Correo electrónico',
      matricula: 'Matrícula',
      celular: 'Celular',
      idUnidade: 'Unidad',
      idFilial: 'Sucursal',
      idSetor: 'Sector',
      idCargo: 'Cargo',
      idAssunto: 'Asunto',
      dtNascimento: 'Fecha de nacimiento',
      dtAdmissao: 'Fecha de ingreso',
      textoPerfil: 'Perfil',
      idsGrupos: 'Grupos',
      flAtivo: 'Activo',
      senha: 'Contraseña',
      foto: 'Foto',
      idResponsavel: 'Responsable',
      status: 'Estado',
      tokenScim: 'Token SCIM',
      tokenAnteriorRevogado: 'Token anterior revocado',
    },
    /** The kinds of record an entry is about. */
    targets: {
      user: 'Usuario',
      administrator: 'Administrador',
      group: 'Grupo',
      publication: 'Publicación',
      post: 'Publicación del muro',
      comment: 'Comentario',
      announcement: 'Comunicado',
      tv_screen: 'Pantalla de TV',
      reminder: 'Recordatorio',
      hr_ticket: 'Ticket',
      hr_subject: 'Asunto de RR. HH.',
      survey: 'Encuesta',
      scim_token: 'Aprovisionamiento SCIM',
    },
    export: {
      title: 'Auditoría',
      date: 'Fecha',
      author: 'Autor',
      action: 'Acción',
      targetType: 'Tipo de objetivo',
      targetName: 'Objetivo',
      changes: 'Cambios',
      ip: 'Dirección',
      userAgent: 'Navegador',
      truncated:
        'Exportación limitada a los {{limite, number}} registros más recientes; ajuste los filtros para ver los demás.',
    },
  },
  publicationReach: {
    export: {
      title: 'Publicación',
      name: 'Nombre',
      sector: 'Sector',
      date: 'Fecha',
      comment: 'Comentario',
      hidden: 'Oculto',
      yes: 'Sí',
      no: 'No',
      truncated: 'Exportación limitada a los {{limite, number}} registros más recientes.',
      tabs: {
        comentarios: 'Comentarios',
        curtir: 'Me gusta',
        amei: 'Me encanta',
        parabens: 'Felicitaciones',
        genial: 'Genial',
        salvos: 'Guardados',
        visualizaram: 'Vieron',
        confirmaram: 'Confirmaron',
        pendentes: 'Pendientes',
      },
    },
  },
  userImport: {
    cell: '{{coluna}}: {{mensagem}}',
    fileFormat: 'Archivo no válido. Envíe un archivo CSV o XLSX',
    fileUnreadable: 'No se pudo leer el archivo. Compruebe que sea un CSV o XLSX válido',
    fileEmpty: 'El archivo no tiene filas para importar',
    columnsMissing: 'Columnas ausentes: {{colunas}}',
    columnsUnknown: 'Columnas desconocidas: {{colunas}}',
    cellCount:
      'Fila {{linha}}: tiene {{celulas}} celdas, pero el encabezado tiene {{colunas}}. Revise el separador ({{separador}}); una celda que lo contenga, como una lista de grupos, va entre comillas',
    cellCountMore: 'Y {{qtd}} fila(s) más con el número de celdas incorrecto',
    invalidRowsTitle: 'Filas con errores',
    loginTypeInvalid: 'Indique EMAIL o MATRICULA',
    groupUnknown: 'Grupo no encontrado: {{nome}}',
    emailInUse: 'Este correo ya lo usa otra persona',
    matriculaInUse: 'Esta matrícula ya la usa otra persona de la empresa',
    repeated: 'Repetido en el archivo (fila {{linha}})',
    samePerson: 'Esta persona ya está en el archivo (fila {{linha}})',
    template: {
      title: 'Importación de usuarios',
      name: 'María da Silva',
      email: 'maria.silva@empresa.com',
      unit: 'Casa matriz',
      branch: 'São Paulo',
      sector: 'Finanzas',
      jobTitle: 'Analista',
      groups: 'Todos;Comercial',
    },
  },
};
