import type { UiCatalogue } from './ui-catalogue.ts';

/**
 * The Spanish texts of the notifications and the shared components (tables, fields, dialogs).
 * ui-es.ts joins them into the catalogue.
 */
export const uiEsKit: Pick<UiCatalogue, 'notifications' | 'kit'> = {
  notifications: {
    bell: 'Notificaciones',
    bellUnread_one: 'Notificaciones ({{count}} no leída)',
    bellUnread_other: 'Notificaciones ({{count}} no leídas)',
    heading: 'Notificaciones',
    markAll: 'Marcar todas como leídas',
    loadMore: 'Cargar más',
    loading: 'Cargando notificaciones…',
    empty: 'No tienes notificaciones.',
    loadFailed: 'No fue posible cargar las notificaciones.',
    unread: 'No leída',
    snooze10: 'Posponer 10 min',
    snooze60: 'Posponer 1 h',
    snoozeGroup: 'Posponer el recordatorio {{titulo}}',
    snoozed: 'Recordatorio pospuesto hasta {{when}}.',
    snoozeFailed: 'No se pudo posponer el recordatorio',
    preferences: 'Preferencias de notificación',
    preferencesDescription:
      'Elige, para cada tipo, si aparece en el portal, si llega a tus dispositivos y si llega por correo.',
    inApp: 'Mostrar en el portal',
    push: 'Enviar a mis dispositivos',
    email: 'Resumen por correo',
    emailNone: 'No enviar',
    emailDaily: 'Diario',
    emailWeekly: 'Semanal',
    save: 'Guardar preferencias',
    saved: 'Preferencias guardadas.',
    types: {
      PESQUISA_PUBLICADA: 'Encuesta publicada para uno de tus grupos',
      COMENTARIO_POSTAGEM: 'Comentario en una publicación tuya',
      LEMBRETE_LEITURA: 'Recordatorio de lectura obligatoria',
      MODERACAO_CONTEUDO: 'Moderación de una publicación o comentario tuyo',
      PUBLICACAO_PUBLICADA: 'Publicación de la administración para usted',
      CHAMADO_RESPOSTA: 'Respuesta de RR. HH. en uno de tus tickets',
      CHAMADO_SLA: 'Un ticket tuyo está cerca del plazo o atrasado',
      CHAMADO_ATRIBUIDO: 'Un ticket asignado a ti',
      LEMBRETE: 'Uno de tus recordatorios',
    },
  },
  kit: {
    table: {
      loading: 'Cargando…',
      empty: 'No se encontraron resultados',
      actions: 'Acciones',
      actionsFor: 'Acciones de {{name}}',
      selectAll: 'Seleccionar todos en esta página',
      selectRow: 'Seleccionar {{name}}',
      selected_one: '{{count}} elemento seleccionado',
      selected_other: '{{count}} elementos seleccionados',
      clearSelection: 'Borrar selección',
    },
    pagination: {
      label: 'Paginación',
      summary: 'Mostrando [INICIO] a [FIN] de [TOTAL] resultado(s)',
      previous: 'Página anterior',
      next: 'Página siguiente',
      page: 'Página {{page}}',
    },
    search: {
      label: 'Buscar',
    },
    confirm: {
      confirm: 'Confirmar',
    },
    reason: {
      label: 'Motivo',
    },
    field: {
      required: 'obligatorio',
      choose: 'Seleccionar',
    },
    multiSelect: {
      filter: 'Filtrar las opciones de {{label}}',
      remove: 'Quitar {{name}}',
      noMatches: 'No se encontró ninguna opción',
      chosen: 'Elegidos',
      none: 'Ningún elemento elegido',
    },
    date: {
      openCalendar: 'Elegir en el calendario: {{label}}',
      datePlaceholder: 'dd/mm/aaaa',
      dateTimePlaceholder: 'dd/mm/aaaa hh:mm',
    },
    color: {
      picker: 'Selector de color de {{label}}',
    },
    file: {
      choose: 'Elegir archivo',
      change: 'Cambiar archivo',
      remove: 'Quitar archivo',
      noFile: 'Ningún archivo elegido',
      tooLarge: 'Archivo inválido. El límite de tamaño de archivo es {{size}}',
      invalidType: 'Archivo inválido. Los formatos de archivo válidos son {{formats}}',
    },
    attachments: {
      heading: 'Adjuntos',
      choose: 'Añadir archivos',
      count: '{{chosen}} de {{max}} archivos',
      remove: 'Quitar {{name}}',
      tooMany: 'Se alcanzó el límite de {{max}} archivos.',
    },
    image: {
      choose: 'Elegir imagen',
      change: 'Cambiar imagen',
      remove: 'Quitar imagen',
      preview: 'Vista previa: {{label}}',
      notImage: 'El archivo no es una imagen válida',
      exact: 'La imagen debe tener exactamente {{width}}x{{height}} píxeles',
      tooSmall: 'La imagen debe tener como mínimo {{width}}x{{height}} píxeles',
      tooLarge: 'La imagen debe tener como máximo {{width}}x{{height}} píxeles',
      exactHint: 'Exactamente {{width}}x{{height}} píxeles.',
      rangeHint: 'De {{minWidth}}x{{minHeight}} a {{maxWidth}}x{{maxHeight}} píxeles.',
      saved: 'Imagen guardada',
      checking: 'Verificando la imagen…',
    },
  },
};
