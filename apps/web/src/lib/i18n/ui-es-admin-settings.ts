import { auditActionsEs } from '@elo/contract/i18n/audit-actions-es';
import type { UiCatalogue } from './ui-catalogue.ts';

/**
 * The Spanish texts of the administration's app and user settings, user import and audit log.
 * ui-es.ts joins them into the catalogue.
 */
export const uiEsAdminSettings: Pick<
  UiCatalogue['admin'],
  'scimAdmin' | 'appSettingsAdmin' | 'userSettings' | 'userImport' | 'audit'
> = {
  scimAdmin: {
    title: 'Aprovisionamiento (SCIM)',
    description:
      'El proveedor de identidad de la empresa (Microsoft Entra ID, Okta, Google Workspace, Keycloak) crea, modifica, desactiva y elimina personas y grupos del portal por SCIM 2.0. Pegue la URL base y el token en el proveedor.',
    baseUrl: 'URL base de SCIM',
    copyUrl: 'Copiar URL',
    token: 'Token SCIM',
    copyToken: 'Copiar token',
    copied: 'Copiado al portapapeles.',
    copyFailed: 'No se pudo copiar. Seleccione el texto y cópielo a mano.',
    noToken: 'Ningún token activo: el proveedor de identidad no puede aprovisionar.',
    tokenActive: 'Token activo desde {{date}}.',
    tokenLastUsed: 'Último uso el {{date}}.',
    tokenNeverUsed: 'Aún no se ha usado.',
    createToken: 'Generar token',
    replaceToken: 'Generar un token nuevo',
    revokeToken: 'Revocar token',
    newTokenTitle: 'Copie el token ahora',
    newTokenWarning:
      'Este token se muestra una sola vez: al salir de esta página no se podrá ver de nuevo. Guárdelo en el proveedor de identidad; quien lo tenga puede crear y desactivar personas de la empresa.',
    replaceTitle: '¿Generar un token nuevo?',
    replaceDescription:
      'El token actual deja de funcionar al instante: el proveedor de identidad vuelve a aprovisionar solo después de que pegue en él el token nuevo.',
    revokeTitle: '¿Revocar el token SCIM?',
    revokeDescription:
      'El proveedor de identidad deja de crear, modificar y desactivar personas y grupos hasta que se genere un token nuevo. Nadie se desactiva por esto.',
    revoked: 'Token SCIM revocado.',
    readOnly:
      'Solo quien edita la configuración de la aplicación y los administradores puede generar o revocar el token.',
  },
  appSettingsAdmin: {
    title: 'Configuración de la aplicación',
    description:
      'El logotipo, los colores y los nombres de las funciones del portal de la empresa. La vista previa muestra el resultado antes de guardar.',
    brandingTitle: 'Marca',
    logo: 'Logotipo',
    logoHint: 'PNG, JPG o JPEG de hasta {{size}}.',
    colours: {
      corPrincipal: 'Color principal',
      corFontePrimaria: 'Color de la fuente primaria',
      corFonteSecundaria: 'Color de la fuente secundaria',
    },
    colourHints: {
      corPrincipal: 'Genera la escala de 10 tonos del tema: botones, enlaces y destacados.',
      corFontePrimaria:
        'Títulos de las páginas, nombres de quien publica y texto de las publicaciones, los comentarios y los paneles.',
      corFonteSecundaria:
        'Descripciones de las páginas, ayudas de los campos, fechas y líneas de detalle de las publicaciones, comentarios, conversaciones y encuestas.',
    },
    namesTitle: 'Nombres de las funciones',
    namesHint:
      'Cómo llama la empresa a cada función en el menú y los títulos del portal. Déjelo en blanco para usar el nombre predeterminado.',
    nameDefault: 'En blanco: {{label}}.',
    nameInLanguage: {
      en: '{{function}} en inglés',
      es: '{{function}} en español',
    },
    nameInLanguageHint: 'Opcional. En blanco: el nombre predeterminado de arriba.',
    functions: {
      ADMIN_APP_TAB_MENSAGENS: 'Chat',
      ADMIN_VIEW_APP_ABA_PESQUISAS: 'Encuestas',
      PUBLICAR_TIMELINE_APP: 'Publicar en la timeline',
    },
    save: 'Guardar configuración',
    saved: 'Configuración de la aplicación guardada.',
    contrast: {
      title: 'Contraste por debajo del recomendado (WCAG AA, 4,5:1)',
      fontPrimary: 'La fuente primaria sobre el fondo blanco tiene un contraste de {{ratio}}:1.',
      fontSecondary: 'La fuente secundaria sobre el fondo blanco tiene un contraste de {{ratio}}:1.',
      onPrimary: 'El texto de los botones sobre el color principal tiene un contraste de {{ratio}}:1.',
      onHover: 'El texto de los botones al pasar el ratón (tono 500) tiene un contraste de {{ratio}}:1.',
      onActive: 'El texto de los botones presionados (tono 400) tiene un contraste de {{ratio}}:1.',
    },
    preview: {
      title: 'Vista previa del portal',
      nav: 'Menú del portal (vista previa)',
      buttons: 'Botón principal en sus estados',
      states: { main: 'Normal', hover: 'Al pasar el ratón', active: 'Presionado', focus: 'Foco' },
      post: 'Publicación de ejemplo',
      author: 'Ana Souza',
      when: 'Hoy a las 09:30',
      text: '¡Buenos días a todos! La reunión general empieza a las 10 en el auditorio.',
      like: 'Me gusta',
      comment: 'Comentar',
    },
  },
  userSettings: {
    title: 'Configuración de usuarios',
    description:
      'Unidades, sucursales, sectores, cargos y asuntos de solicitud, y lo que los empleados cambian por sí mismos.',
    catalogsTitle: 'Catálogos',
    tabs: {
      UNIDADE: 'Unidades',
      FILIAL: 'Sucursales',
      SETOR: 'Sectores',
      CARGO: 'Cargos',
      ASSUNTO_CHAMADO: 'Asuntos de solicitud',
    },
    kinds: {
      UNIDADE: 'unidad',
      FILIAL: 'sucursal',
      SETOR: 'sector',
      CARGO: 'cargo',
      ASSUNTO_CHAMADO: 'asunto de solicitud',
    },
    caption: 'Elementos del catálogo de {{kind}}',
    columns: {
      name: 'Nombre',
      active: 'Activo',
      people: 'Personas',
      administrators: 'Administradores asignados',
    },
    yes: 'Sí',
    no: 'No',
    empty: 'Ningún elemento registrado.',
    new: 'Nuevo elemento: {{kind}}',
    editTitle: 'Editar elemento: {{kind}}',
    save: 'Guardar',
    nameRequired: 'Campo obligatorio',
    saved: '"{{name}}" guardado',
    rename: 'Renombrar',
    activate: 'Activar',
    deactivate: 'Desactivar',
    activated: '"{{name}}" activado',
    deactivated: '"{{name}}" desactivado',
    delete: 'Eliminar',
    deleted: '"{{name}}" eliminado',
    deleteTitle: '¿Eliminar "{{name}}"?',
    deleteDescription:
      'Solo se puede eliminar un elemento que nadie usa. Un elemento en uso se puede desactivar.',
    refused: 'No se pudo completar',
    fieldsTitle: 'Campos que el empleado cambia en "Mi cuenta"',
    fieldsHint: 'Marque los datos del perfil que cada empleado puede cambiar por sí mismo.',
    fields: {
      TEXTO_PERFIL: 'Texto del perfil',
      FOTO: 'Foto',
      CELULAR: 'Celular',
    },
    saveFields: 'Guardar campos',
    fieldsSaved: 'Campos guardados',
  },
  userImport: {
    title: 'Importación de usuarios',
    description: 'Registre o actualice muchos empleados a la vez con una hoja de cálculo.',
    open: 'Importar usuarios',
    howTitle: 'Cómo preparar el archivo',
    columnsHint: 'Use un archivo CSV o XLSX con exactamente estas columnas en la primera fila: {{columns}}.',
    ruleMatch:
      'Cada fila se vincula con quien ya existe por la matrícula o, sin ella, por el correo; las demás son personas nuevas.',
    ruleDates: 'Fechas como dd/MM/aaaa o AAAA-MM-DD; la fecha de nacimiento es obligatoria.',
    ruleCatalog: 'Se crean las unidades, sucursales, sectores y cargos que aún no existen.',
    ruleGroups:
      'Grupos por nombre, separados por ";"; un grupo que no existe es un error. Todos quedan también en el grupo predeterminado.',
    rulePassword:
      'Quien se crea queda con el primer acceso pendiente y una contraseña que nadie conoce: para que entre, defina una contraseña provisional en su registro de usuario y envíe la invitación de primer acceso.',
    ruleLimit: 'Como máximo {{rows}} filas por archivo.',
    templateCsv: 'Descargar plantilla CSV',
    templateXlsx: 'Descargar plantilla XLSX',
    fileTitle: 'Archivo',
    file: 'Archivo CSV o XLSX',
    deactivateAbsent: 'Desactivar a quien no está en el archivo',
    deactivateAbsentHint:
      'Los empleados activos que no están en el archivo se desactivan. Los administradores, el usuario maestro y usted nunca se desactivan.',
    simulate: 'Simular',
    apply: 'Aplicar importación',
    applyHint: 'Simule primero: la importación solo se puede aplicar cuando ninguna fila tiene errores.',
    applyValid: 'Aplicar las {{valid}} filas válidas',
    applyValidHint:
      'Las {{invalid}} filas con errores quedan fuera y vuelven en un archivo, en las columnas de la plantilla con una columna de errores, para corregir e importar de nuevo.',
    appliedValid:
      'Filas válidas aplicadas: {{created}} nueva(s), {{changed}} modificada(s). {{invalid}} fila(s) con errores quedaron fuera.',
    downloadInvalid: 'Descargar las {{invalid}} filas con errores',
    refused:
      'No se importó nada: el archivo tiene filas con errores. Corrija las filas indicadas y simule de nuevo.',
    applied:
      'Importación aplicada: {{created}} nuevo(s), {{changed}} modificado(s), {{deactivated}} desactivado(s).',
    previewTitle: 'Vista previa de la importación',
    resultTitle: 'Resultado de la importación',
    caption: 'Filas del archivo y lo que ocurre con cada una',
    totals: {
      created: 'Nuevos',
      changed: 'Modificados',
      unchanged: 'Sin cambios',
      deactivated: 'Desactivados',
      errors: 'Filas con errores',
    },
    columns: {
      line: 'Fila',
      matricula: 'Matrícula',
      name: 'Nombre',
      action: 'Acción',
      errors: 'Errores',
    },
    actions: {
      NOVO: 'Nuevo',
      ALTERADO: 'Modificado',
      INALTERADO: 'Sin cambios',
      DESATIVADO: 'Desactivado',
    },
  },
  audit: {
    title: 'Auditoría',
    description: 'Quién hizo qué en la administración, y los eventos de seguridad.',
    loading: 'Cargando los registros',
    caption: 'Registros de auditoría',
    search: 'Buscar',
    searchHint: 'Acción, objetivo o autor',
    action: 'Acción',
    allActions: 'Todas',
    author: 'Autor',
    authorPlaceholder: 'Escriba un nombre',
    from: 'Desde',
    to: 'Hasta',
    clear: 'Limpiar filtros',
    exportCsv: 'Exportar CSV',
    exportXlsx: 'Exportar XLSX',
    columns: { date: 'Fecha', author: 'Autor', action: 'Acción', target: 'Objetivo', address: 'Dirección' },
    noAuthor: 'Sin sesión',
    details: 'Ver detalles',
    detailsTitle: 'Detalles del registro',
    detailsOf: 'Detalles de {{action}} el {{date}}',
    field: 'Campo',
    before: 'Antes',
    after: 'Después',
    noChanges: 'Este registro no tiene campos modificados.',
    userAgent: 'Navegador',
    emptyTitle: 'No se encontraron registros',
    emptyDescription: 'Cambie los filtros para ver otros registros.',
    actions: auditActionsEs,
  },
};
