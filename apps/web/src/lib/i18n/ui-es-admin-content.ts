import type { PartialUiCatalogue } from './ui-catalogue.ts';

/**
 * The Spanish texts of the administration of announcements and deletion requests. ui-es.ts joins
 * them into the catalogue.
 */
export const uiEsAdminContent: Pick<
  NonNullable<PartialUiCatalogue['admin']>,
  'announcementsAdmin' | 'deletionRequests'
> = {
  announcementsAdmin: {
    title: 'Comunicados',
    description:
      'Los banners del portal de RR. HH.: el orden del carrusel, las fechas, los grupos y cuántas personas los vieron y pulsaron.',
    new: 'Nuevo comunicado',
    statusFilter: 'Situación',
    allStatuses: 'Todas',
    status: { ativo: 'Activo', agendado: 'Programado', encerrado: 'Finalizado' },
    listLabel: 'Comunicados en el orden del carrusel',
    loading: 'Cargando los comunicados',
    empty: 'No se encontraron comunicados.',
    untitled: 'Comunicado sin descripción',
    everyone: 'Todos',
    position: 'Posición',
    period: 'Período',
    periodValue: '{{start}} a {{end}}',
    groups: 'Grupos',
    link: 'Enlace',
    views: 'Visualizaciones',
    clicks: 'Clics',
    reorderHint:
      'Arrastre por el asa, use las flechas del teclado tras tomar el asa con espacio, o los botones ↑ y ↓ para cambiar el orden del carrusel.',
    drag: 'Arrastrar {{name}}',
    moveUp: 'Subir {{name}}',
    moveDown: 'Bajar {{name}}',
    moved: '{{name}} ahora está en la posición {{position}}.',
    edit: 'Editar',
    editOf: 'Editar {{name}}',
    delete: 'Eliminar',
    deleteOf: 'Eliminar {{name}}',
    deleteTitle: '¿Eliminar comunicado?',
    deleteDescription:
      '"{{name}}" sale del carrusel de todos, con sus visualizaciones y clics. No se puede deshacer.',
    deleted: 'Comunicado eliminado.',
    dnd: {
      instructions:
        'Para mover un comunicado, pulse espacio o Enter para tomarlo, las flechas arriba y abajo para moverlo, espacio o Enter para soltarlo, o Escape para cancelar.',
      picked: 'Comunicado {{number}} tomado.',
      over: 'Comunicado {{number}} sobre la posición {{to}}.',
      dropped: 'Comunicado {{number}} soltado en la posición {{to}}.',
      cancelled: 'Movimiento cancelado. El comunicado {{number}} volvió a su lugar.',
    },
    form: {
      newTitle: 'Nuevo comunicado',
      editTitle: 'Editar comunicado',
      image: 'Imagen',
      description: 'Descripción de la imagen',
      descriptionHint: 'Lo que muestra la imagen, leído a quien no puede verla.',
      link: 'Enlace',
      linkHint:
        'Opcional. Una dirección con http:// o https://, o una página del portal que empiece con / (por ejemplo /painel/pesquisas).',
      startsAt: 'Inicio',
      endsAt: 'Fin',
      groups: 'Grupos',
      groupsHint: 'Ningún grupo: toda la empresa ve el comunicado.',
      save: 'Guardar',
      saved: 'Comunicado guardado.',
      saveFailed: '¡Error al guardar el comunicado!',
      fixFields: 'Corrija los campos indicados e inténtelo de nuevo.',
    },
  },
  deletionRequests: {
    title: 'Solicitudes de eliminación',
    description: 'Pedidos de eliminación de cuenta hechos por los usuarios en "Mi cuenta".',
    link: 'Solicitudes de eliminación',
    statusFilter: 'Estado',
    allStatuses: 'Todos',
    caption: 'Solicitudes de eliminación de cuenta',
    columns: {
      person: 'Usuario',
      comment: 'Comentario',
      date: 'Fecha de la solicitud',
      status: 'Estado',
    },
    status: {
      PENDENTE: 'Pendiente',
      CANCELADA: 'Cancelada',
      EM_EXCLUSAO: 'En eliminación',
      EXCLUIDA: 'Eliminada',
    },
    readComment: 'Leer comentario',
    readCommentOf: 'Leer el comentario de {{name}}',
    commentTitle: 'Comentario de {{name}}',
    decidedBy: 'por {{name}} el {{date}}',
    actionsOf: 'Acciones de la solicitud de {{name}}',
    cancel: 'Cancelar solicitud',
    force: 'Forzar eliminación',
    cancelTitle: '¿Cancelar la solicitud de {{name}}?',
    cancelDescription: 'La cuenta sigue como está; la persona puede pedirlo de nuevo.',
    forceTitle: '¿Eliminar la cuenta de {{name}}?',
    forceDescription:
      'Esta acción es definitiva: la persona sale del portal de inmediato, ya no puede entrar y sus datos personales se borran para siempre. Lo que publicó se mantiene, como de "Usuário removido".',
    cancelled: 'Solicitud de {{name}} cancelada.',
    forced: 'La eliminación de la cuenta de {{name}} ha comenzado.',
    emptyTitle: 'No hay solicitudes',
    emptyDescription: 'Las solicitudes de eliminación de cuenta aparecerán aquí.',
  },
};
