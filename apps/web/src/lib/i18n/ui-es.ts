import type { UiCatalogue } from './ui-catalogue.ts';
import { uiEsAdminContent } from './ui-es-admin-content.ts';
import { uiEsAdminSettings } from './ui-es-admin-settings.ts';
import { uiEsSso } from './ui-es-sso.ts';
import { uiEsAdmin } from './ui-es-admin.ts';
import { uiEsHr } from './ui-es-hr.ts';
import { uiEsKit } from './ui-es-kit.ts';
import { uiEsPortal } from './ui-es-portal.ts';
import { uiEsPortalSearch } from './ui-es-search.ts';
import { uiEsPortalSurveys, uiEsAdminSurveys } from './ui-es-surveys.ts';
import { uiEsTimeline } from './ui-es-timeline.ts';
import { uiEsTv } from './ui-es-tv.ts';

/**
 * The web app's texts in Spanish, complete key for key (the type requires every key of the
 * Portuguese catalogue). The areas' texts are in files of their own (`ui-es-<area>.ts`), joined here.
 */
export const uiEs: UiCatalogue = {
  common: {
    offline: 'Sin conexión — mostrando lo que se guardó',
    newVersion: 'Hay una nueva versión disponible',
    update: 'Actualizar',
    cancel: 'Cancelar',
    select: 'Seleccionar',
    close: 'Cerrar',
    back: 'Volver',
    loading: 'Cargando…',
    retry: 'Intentar de nuevo',
    understood: 'Entendido',
    skipToContent: 'Saltar al contenido',
    reloadRecord: 'Recargar',
    staleRecordTitle: 'Registro desactualizado',
  },
  brand: {
    name: 'Elo',
    tagline: 'Comunicación corporativa',
    logoAlt: 'Logotipo de {{name}}',
  },
  language: {
    label: 'Idioma',
    switcher: 'Elegir idioma',
  },
  apiErrors: {
    default: 'Ocurrió un error inesperado. Inténtalo de nuevo.',
    network: 'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.',
    timeout: 'El servidor tardó demasiado en responder. Inténtalo de nuevo.',
    loadData: 'No se pudieron cargar los datos',
  },
  auth: {
    login: {
      title: 'Entrar en Elo',
      subtitle: 'Usa tu correo electrónico o tu número de empleado.',
      loginLabel: 'Usuario',
      loginHint: 'Correo electrónico o número de empleado',
      passwordLabel: 'Contraseña',
      submit: 'Entrar',
      submitting: 'Entrando…',
      firstAccessAction: 'Hacer el primer acceso',
      helpNav: 'Ayuda para acceder',
      firstAccess: 'Primer acceso',
      forgotByEmail: 'Olvidé mi contraseña (recibirla por correo)',
      forgotByMatricula: 'Olvidé mi contraseña (usar mi número de empleado)',
      ssoOffer: 'Entrar con la cuenta de la empresa',
      ssoOfferHint: 'Tu empresa usa inicio de sesión corporativo: entra con tu cuenta de trabajo.',
      ssoRedirecting: 'Llevándote al inicio de sesión de la empresa…',
    },
    ssoComplete: {
      inProgress: 'Terminando el inicio de sesión…',
      failed: 'No fue posible terminar el inicio de sesión con la cuenta de la empresa.',
      back: 'Volver al inicio de sesión',
    },
    logout: {
      inProgress: 'Saliendo…',
    },
    access: {
      backToLogin: 'Volver al inicio de sesión',
      goToLogin: 'Ir al inicio de sesión',
      smsCodeLabel: 'Código recibido por SMS',
      smsCodeHint: 'Los 6 números del mensaje.',
      lastDigitsLabel: 'Últimos 4 dígitos del celular',
      lastDigitsHint: 'Los 4 números finales del celular registrado en la empresa.',
      newPasswordLabel: 'Nueva contraseña',
      newPasswordHint:
        'Al menos 8 caracteres. No uses tu usuario, tu fecha de nacimiento ni una contraseña común.',
      confirmPasswordLabel: 'Confirma la nueva contraseña',
      confirmPasswordHint: 'Escribe la nueva contraseña una vez más.',
      saveNewPassword: 'Guardar nueva contraseña',
    },
    firstAccess: {
      title: 'Primer acceso',
      intro: 'Usa los datos que te dio la empresa. Después confirmas tu celular y creas tu contraseña.',
      loginLabel: 'Usuario',
      loginHint: 'Correo electrónico o número de empleado',
      provisionalPasswordLabel: 'Contraseña provisional',
      provisionalPasswordHint: 'La contraseña que te dio la empresa.',
      birthDateLabel: 'Fecha de nacimiento',
      birthDateHint: 'La fecha que figura en tu registro en la empresa.',
      submit: 'Continuar',
      flowMissing: 'Para continuar el primer acceso, ingresa tus datos de nuevo.',
    },
    firstAccessPhone: {
      title: 'Primer acceso: confirmación del celular',
      confirmHeading: 'Confirma tu celular',
      confirmIntro:
        'Ingresa los 4 últimos dígitos del celular registrado en la empresa. Te enviaremos un código por SMS.',
      confirm: 'Confirmar',
      registerHeading: 'Registra tu celular',
      registerIntro:
        'No hay un celular registrado para ti. Ingresa el número que recibirá el código por SMS.',
      ddiLabel: 'Código de país',
      ddiHint: 'Solo números. Brasil: 55.',
      phoneLabel: 'Celular con código de área',
      phoneHint: 'Solo números, con el código de área. Ejemplo: 11987654321.',
      sendCode: 'Enviar código',
      codeHeading: 'Ingresa el código',
      codeSent: 'Enviamos un código por SMS a {{celularMascarado}}.',
      codeResent: 'Enviamos un nuevo código por SMS a {{celularMascarado}}.',
      validateCode: 'Validar código',
      resendCode: 'Reenviar código',
      resendIn_one: 'Podrás reenviar el código en {{count}} segundo.',
      resendIn_other: 'Podrás reenviar el código en {{count}} segundos.',
      passwordHeading: 'Crea tu nueva contraseña',
      passwordIntro: 'Al guardar, entras en Elo con la nueva contraseña.',
      startAgain: 'Empezar de nuevo',
    },
    passwordByEmail: {
      title: 'Solicitar contraseña por correo',
      intro: 'Ingresa el correo con el que entras. Te enviaremos un enlace para crear una nueva contraseña.',
      emailLabel: 'Correo electrónico',
      emailHint: 'El correo de tu usuario.',
      submit: 'Enviar enlace',
      sent: 'Si el correo está registrado, recibirás un enlace para crear una nueva contraseña.',
      sentHint: 'Revisa también la carpeta de spam. El enlace se puede usar una sola vez.',
      otherWayQuestion: '¿Entras con tu número de empleado?',
      otherWayLink: 'Solicitar contraseña por número de empleado',
    },
    passwordByMatricula: {
      title: 'Solicitar contraseña por número de empleado',
      intro:
        'Ingresa tu número de empleado y los 4 últimos dígitos del celular registrado. Te enviaremos un código por SMS para crear una nueva contraseña.',
      matriculaLabel: 'Número de empleado',
      matriculaHint: 'Tu número de empleado en la empresa.',
      submit: 'Solicitar código',
      otherWayQuestion: '¿Entras con tu correo?',
      otherWayLink: 'Solicitar contraseña por correo',
    },
    passwordReset: {
      title: 'Restablecer contraseña',
      intro: 'Elige tu nueva contraseña.',
      smsSent: 'Si los datos coinciden, enviamos un código por SMS a tu celular.',
      requestLinkAgain: 'Solicitar un nuevo enlace',
      requestCodeAgain: 'Solicitar un nuevo código',
      noCode: '¿No recibiste el código?',
      changed: 'Contraseña cambiada. Entra con la nueva contraseña.',
    },
  },
  guard: {
    loadingUser: 'Cargando tus datos…',
    noPermissionTitle: 'No tienes acceso a esta funcionalidad.',
    noPermissionDescription:
      'Comunícate con el administrador y solicita que active los permisos para este recurso.',
    noPermissionLink: 'Más información',
    notApprovedTitle: 'Administración',
    backToPortal: 'Volver al portal',
  },
  nav: {
    main: 'Navegación principal',
    dashboard: 'Dashboard',
    timeline: 'Timeline',
    chat: 'Chat',
    surveys: 'Encuestas',
    hrContact: 'Habla con RR. HH.',
    unreadTickets_one: '{{count}} solicitud con mensaje no leído',
    unreadTickets_other: '{{count}} solicitudes con mensajes no leídos',
    unreadChat_one: '{{count}} mensaje no leído en el chat',
    unreadChat_other: '{{count}} mensajes no leídos en el chat',
  },
  userMenu: {
    open: 'Menú del usuario',
    admin: 'Administración',
    portal: 'Ir al portal',
    myAccount: 'Mi cuenta',
    reminders: 'Recordatorios',
    language: 'Idioma',
    logout: 'Salir',
  },
  breadcrumb: {
    label: 'Estás en',
    home: 'Dashboard',
  },
  alert: {
    close: 'Cerrar alerta',
    region: 'Alertas',
  },
  toast: {
    label: 'Notificación',
    close: 'Cerrar notificación',
    region: 'Notificaciones ({hotkey})',
  },
  notFound: {
    title: 'Página no encontrada',
    description: 'La dirección que abriste no existe o fue eliminada.',
    back: 'Volver',
  },
  routeError: {
    title: 'Algo salió mal',
    description: 'No se pudo abrir esta página. Verifica tu conexión e inténtalo de nuevo.',
    reload: 'Recargar la página',
  },
  portal: { ...uiEsTimeline, ...uiEsPortal, surveys: uiEsPortalSurveys, search: uiEsPortalSearch },
  ...uiEsHr,
  ...uiEsKit,
  admin: { ...uiEsAdmin, ...uiEsAdminContent, ...uiEsAdminSettings, ...uiEsSso, surveys: uiEsAdminSurveys },
  ...uiEsTv,
};
