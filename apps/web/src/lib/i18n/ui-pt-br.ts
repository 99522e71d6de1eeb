/** The web app's own texts in Portuguese (Brazil); texts quoted by the spec are kept word for word. */
export const uiPtBR = {
  common: {
    cancel: 'Cancelar',
    select: 'Selecionar',
    close: 'Fechar',
    back: 'Voltar',
    loading: 'Carregando…',
    retry: 'Tentar novamente',
    understood: 'Entendi',
    skipToContent: 'Pular para o conteúdo',
    /** The stale-record alert's button (issue 27): reads the record again. */
    reloadRecord: 'Recarregar',
    staleRecordTitle: 'Registro desatualizado',
  },
  brand: {
    name: 'Elo',
    tagline: 'Comunicação corporativa',
    logoAlt: 'Logotipo de {{name}}',
  },
  language: {
    label: 'Idioma',
    switcher: 'Escolher idioma',
  },
  apiErrors: {
    default: 'Ocorreu um erro inesperado. Tente novamente.',
    network: 'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.',
    timeout: 'O servidor demorou demais para responder. Tente novamente.',
    loadData: 'Não foi possível carregar os dados',
  },
  auth: {
    login: {
      title: 'Entrar no Elo',
      subtitle: 'Use seu e-mail ou sua matrícula.',
      loginLabel: 'Login',
      loginHint: 'E-mail ou matrícula',
      passwordLabel: 'Senha',
      submit: 'Entrar',
      submitting: 'Entrando…',
      firstAccessAction: 'Fazer o primeiro acesso',
      helpNav: 'Ajuda com o acesso',
      firstAccess: 'Primeiro acesso',
      forgotByEmail: 'Esqueci minha senha (receber por e-mail)',
      forgotByMatricula: 'Esqueci minha senha (usar a matrícula)',
    },
    logout: {
      inProgress: 'Saindo…',
    },
  },
  guard: {
    loadingUser: 'Carregando seus dados…',
    noPermissionTitle: 'Você não tem acesso a esta funcionalidade.',
    noPermissionDescription:
      'Entre em contato com administrador solicite a ativação das Permissões para este recurso',
    noPermissionLink: 'Saiba mais',
    notApprovedTitle: 'Administração',
    backToPortal: 'Voltar ao portal',
  },
  nav: {
    main: 'Navegação principal',
    dashboard: 'Dashboard',
    timeline: 'Timeline',
    chat: 'Chat',
    surveys: 'Pesquisas',
    hrContact: 'Fale com o RH',
    unreadTickets_one: '{{count}} chamado com mensagem não lida',
    unreadTickets_other: '{{count}} chamados com mensagem não lida',
    unreadChat_one: '{{count}} mensagem não lida no chat',
    unreadChat_other: '{{count}} mensagens não lidas no chat',
  },
  userMenu: {
    open: 'Menu do usuário',
    admin: 'Administração',
    portal: 'Ir para o portal',
    myAccount: 'Minha conta',
    reminders: 'Lembretes',
    language: 'Idioma',
    logout: 'Sair',
  },
  breadcrumb: {
    label: 'Você está em',
    home: 'Dashboard',
  },
  alert: {
    close: 'Fechar alerta',
    region: 'Alertas',
  },
  toast: {
    label: 'Notificação',
    close: 'Fechar notificação',
    region: 'Notificações ({hotkey})',
  },
  notFound: {
    title: 'Página não encontrada',
    description: 'O endereço que você abriu não existe ou foi removido.',
    back: 'Voltar',
  },
  routeError: {
    title: 'Algo deu errado',
    description: 'Não foi possível abrir esta página. Verifique sua conexão e tente novamente.',
    reload: 'Recarregar a página',
  },
} as const;
