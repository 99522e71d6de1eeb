/** Portuguese (Brazil): the product's language. Texts quoted in the spec are kept word for word. */
export const ptBR = {
  errors: {
    VALIDATION_FAILED: 'Ops! Parece que você tentou salvar sem preencher todos os dados necessários',
    MALFORMED_BODY: 'A requisição não pôde ser lida: envie um JSON válido.',
    SESSION_EXPIRED: 'Sessão expirada',
    INVALID_CREDENTIALS: 'Login ou senha inválidos.',
    CSRF_HEADER_MISSING: 'Requisição recusada: cabeçalho X-Requested-With ausente.',
    FORBIDDEN: 'Você não tem acesso a esta funcionalidade.',
    FIRST_ACCESS_REQUIRED: 'Este é o seu primeiro acesso. Faça o primeiro acesso para definir a sua senha.',
    ACCOUNT_INACTIVE: 'Esta conta está desativada. Fale com o administrador.',
    NOT_FOUND: 'Registro não encontrado.',
    CALL_NOT_FOUND: 'Chamada desconhecida.',
    CONFLICT: 'Este registro já existe.',
    PAYLOAD_TOO_LARGE: 'A requisição é grande demais.',
    UNSUPPORTED_MEDIA_TYPE: 'Formato de requisição não suportado.',
    TOO_MANY_REQUESTS: 'Muitas tentativas. Aguarde {{minutes}} minuto(s) e tente novamente.',
    INTERNAL_ERROR: 'Ocorreu um erro inesperado. Tente novamente.',
    SERVICE_UNAVAILABLE: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
  },
  validation: {
    required: 'Campo obrigatório',
    email: 'Informe um e-mail válido',
    tooLong: 'Informe no máximo {{max}} caracteres',
    functionNameMax: 'Informe um nome com no máximo 16 caracteres',
  },
} as const;
