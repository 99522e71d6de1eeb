import type { PartialUiCatalogue } from './ui-catalogue.ts';

/**
 * The web app's texts in Spanish. The spec has Spanish dictionaries only for some labels;
 * the sign-in screens and the shell are covered here, the rest falls back to English.
 */
export const uiEs: PartialUiCatalogue = {
  common: {
    cancel: 'Cancelar',
    select: 'Seleccionar',
    close: 'Cerrar',
    back: 'Volver',
    loading: 'Cargando…',
    retry: 'Intentar de nuevo',
    understood: 'Entendido',
    skipToContent: 'Saltar al contenido',
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
    },
    logout: {
      inProgress: 'Saliendo…',
    },
    pending: {
      comingTitle: 'Próximamente',
      comingDescription:
        'Este paso estará disponible pronto. Mientras tanto, habla con el área de RR. HH. de tu empresa.',
      backToLogin: 'Volver al inicio de sesión',
    },
  },
  nav: {
    main: 'Navegación principal',
  },
  userMenu: {
    open: 'Menú del usuario',
    admin: 'Administración',
    language: 'Idioma',
    logout: 'Salir',
  },
  notFound: {
    title: 'Página no encontrada',
    description: 'La dirección que abriste no existe o fue eliminada.',
    back: 'Volver',
  },
};
