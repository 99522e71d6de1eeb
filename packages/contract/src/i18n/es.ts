import type { Catalogue } from './catalogue.ts';

/** Spanish: the spec has dictionaries for some labels. */
export const es: Catalogue = {
  errors: {
    VALIDATION_FAILED: '¡Ups! Parece que intentaste guardar sin completar todos los datos necesarios',
    MALFORMED_BODY: 'No se pudo leer la solicitud: envía un JSON válido.',
    SESSION_EXPIRED: 'Sesión expirada',
    INVALID_CREDENTIALS: 'Usuario o contraseña no válidos.',
    CSRF_HEADER_MISSING: 'Solicitud rechazada: falta el encabezado X-Requested-With.',
    FORBIDDEN: 'No tienes acceso a esta funcionalidad.',
    FIRST_ACCESS_REQUIRED: 'Este es tu primer acceso. Completa el primer acceso para definir tu contraseña.',
    ACCOUNT_INACTIVE: 'Esta cuenta está desactivada. Habla con el administrador.',
    NOT_FOUND: 'Registro no encontrado.',
    CALL_NOT_FOUND: 'Llamada desconocida.',
    CONFLICT: 'Este registro ya existe.',
    PAYLOAD_TOO_LARGE: 'La solicitud es demasiado grande.',
    UNSUPPORTED_MEDIA_TYPE: 'Formato de solicitud no admitido.',
    TOO_MANY_REQUESTS: 'Demasiados intentos. Espera {{minutes}} minuto(s) e inténtalo de nuevo.',
    INTERNAL_ERROR: 'Ocurrió un error inesperado. Inténtalo de nuevo.',
    SERVICE_UNAVAILABLE: 'Servicio temporalmente no disponible. Inténtalo en unos instantes.',
  },
  validation: {
    required: 'Campo obligatorio',
    email: 'Introduce un correo electrónico válido',
    tooLong: 'Introduce como máximo {{max}} caracteres',
    functionNameMax: 'Introduce un nombre con un máximo de 16 caracteres',
  },
};
