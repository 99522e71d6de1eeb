import { auditActionsPtBR } from './audit-actions-pt-BR.ts';
/** Portuguese (Brazil): the server's own texts (exports, imports, e-mails), never shipped to the web. */
export const ptBRServer = {
  /** The bell's texts, in each person's language (notifications' notify). */
  bell: {
    postComment: '{{name}} comentou a sua publicação',
    surveyPublished: 'Nova pesquisa disponível',
    publicationPublished: 'Nova publicação',
    publicationPublishedBody: 'Nova publicação na timeline',
    readingReminder: 'Leitura obrigatória pendente: confirme com "Li e estou ciente"',
    readingDeadline: 'Prazo: {{date}}.',
    hrAnswered: 'O RH respondeu ao chamado {{protocol}}',
    hrStatusTitle: 'Chamado {{protocol}}: {{status}}',
    hrStatusBody: 'Situação: {{status}}',
    hrStatus: {
      ABERTO: 'Aberto',
      EM_ANDAMENTO: 'Em andamento',
      AGUARDANDO_COLABORADOR: 'Aguardando você',
      RESOLVIDO: 'Resolvido',
      FECHADO: 'Fechado',
    },
    hrSlaBreach: 'Chamado {{protocol}}: prazo de {{target}} estourado',
    hrSlaWarning: 'Chamado {{protocol}}: 75% do prazo de {{target}}',
    hrSlaTarget: {
      firstResponse: 'primeira resposta',
      resolution: 'solução',
    },
    hrSlaDue: 'Prazo: {{date}}',
    hrAssignedTitle: 'Chamado {{protocol}} atribuído a você',
    hrAssignedBody: 'Você é o responsável por este chamado no Portal do RH.',
    moderationPost: {
      OCULTAR: 'Sua publicação foi ocultada pela moderação',
      EXIBIR: 'Sua publicação voltou a ser exibida',
      EXCLUIR: 'Sua publicação foi excluída pela moderação',
    },
    moderationComment: {
      OCULTAR: 'Seu comentário foi ocultado pela moderação',
      EXIBIR: 'Seu comentário voltou a ser exibido',
      EXCLUIR: 'Seu comentário foi excluído pela moderação',
    },
    moderationReason: 'Motivo: {{reason}}',
  },
  push: {
    confidentialTitle: 'Você tem uma nova mensagem do RH',
    testTitle: 'Notificação de teste do Elo',
    testBody: 'Se você está vendo isto, as notificações chegam a este dispositivo.',
    outcome: {
      delivered: 'O serviço de notificações aceitou a mensagem (HTTP {{status}}).',
      gone: 'O serviço de notificações não conhece mais este dispositivo (HTTP {{status}}), que foi removido. Ative as notificações de novo neste navegador.',
      retry:
        'O serviço de notificações está ocupado ou fora do ar (HTTP {{status}}). Tente de novo mais tarde.',
      rejected: 'O serviço de notificações recusou a mensagem (HTTP {{status}}).',
      unreachable:
        'Não foi possível falar com o serviço de notificações deste dispositivo. Tente de novo mais tarde.',
      refused: 'O endereço de notificação deste dispositivo não é aceito, e ele foi removido.',
    },
  },
  administrators: {
    removalMaster: 'ele é o usuário master da empresa.',
    removalLastEditor:
      'a empresa precisa manter ao menos um administrador aprovado e ativo com a permissão de editar administradores.',
  },
  surveys: {
    copySuffix: ' (cópia)',
    accessError: 'Erro ao acessar a pesquisa.',
    export: {
      application: 'Resposta',
      respondent: 'Respondente',
      finishedAt: 'Finalizada em',
      files: '{{count}} arquivo(s)',
    },
  },
  usersAdmin: {
    export: {
      title: 'Usuários',
    },
    /** The first-access invitation by SMS, for people without an e-mail. */
    invitationSms:
      '{{company}}: seu acesso ao portal foi criado. Login: {{login}} Senha provisória: {{password}} Faça o primeiro acesso com a sua data de nascimento em {{link}}',
  },
  myAccount: {
    export: {
      hrTicketsNote:
        'Os seus chamados ao RH, com as mensagens que você vê no portal (as notas internas do RH não fazem parte).',
    },
  },
  hrTickets: {
    report: {
      title: 'SLA {{mes}}',
      subject: 'Assunto',
      tickets: 'Chamados',
      medianFirstResponse: 'Mediana da primeira resposta (minutos úteis)',
      withinSla: 'No prazo (%)',
      satisfaction: 'Satisfação média',
      ratings: 'Avaliações',
    },
  },
  audit: {
    /** The author of an entry about a confidential HR ticket, for a reader not assigned to its subject. */
    confidential: 'Confidencial',
    /** What stands for a record named in an entry that no longer exists. */
    actions: auditActionsPtBR,
    deleted: '(excluído)',
    /** The changed fields' names, as the screen and the export show them. */
    fields: {
      idPesquisaOrigem: 'Pesquisa de origem',
      qtdAnexos: 'Quantidade de anexos',
      anexo: 'Anexo',
      titulo: 'Título',
      texto: 'Texto',
      descricao: 'Descrição',
      nome: 'Nome',
      tipoLogin: 'Tipo de login',
      email: 'E-mail',
      matricula: 'Matrícula',
      celular: 'Celular',
      idUnidade: 'Unidade',
      idFilial: 'Filial',
      idSetor: 'Setor',
      idCargo: 'Cargo',
      idAssunto: 'Assunto',
      dtNascimento: 'Data de nascimento',
      dtAdmissao: 'Data de admissão',
      textoPerfil: 'Perfil',
      idsGrupos: 'Grupos',
      flAtivo: 'Ativo',
      senha: 'Senha',
      foto: 'Foto',
      idResponsavel: 'Responsável',
      status: 'Situação',
    },
    /** The kinds of record an entry is about. */
    targets: {
      user: 'Usuário',
      administrator: 'Administrador',
      group: 'Grupo',
      publication: 'Publicação',
      post: 'Postagem',
      comment: 'Comentário',
      announcement: 'Comunicado',
      tv_screen: 'Tela de TV',
      reminder: 'Lembrete',
      hr_ticket: 'Chamado',
      hr_subject: 'Assunto do RH',
      survey: 'Pesquisa',
    },
    export: {
      title: 'Auditoria',
      date: 'Data',
      author: 'Autor',
      action: 'Ação',
      targetType: 'Tipo do alvo',
      targetName: 'Alvo',
      changes: 'Alterações',
      ip: 'Endereço',
      userAgent: 'Navegador',
      truncated:
        'Exportação limitada aos {{limite, number}} registros mais recentes; refine os filtros para ver os demais.',
    },
  },
  publicationReach: {
    export: {
      title: 'Publicação',
      name: 'Nome',
      sector: 'Setor',
      date: 'Data',
      comment: 'Comentário',
      hidden: 'Oculto',
      yes: 'Sim',
      no: 'Não',
      truncated: 'Exportação limitada aos {{limite, number}} registros mais recentes.',
      tabs: {
        comentarios: 'Comentários',
        curtir: 'Curtir',
        amei: 'Amei',
        parabens: 'Parabéns',
        genial: 'Genial',
        salvos: 'Salvos',
        visualizaram: 'Visualizaram',
        confirmaram: 'Confirmaram',
        pendentes: 'Pendentes',
      },
    },
  },
  userImport: {
    cell: '{{coluna}}: {{mensagem}}',
    fileFormat: 'Arquivo inválido. Envie um arquivo CSV ou XLSX',
    fileUnreadable: 'Não foi possível ler o arquivo. Confira se é um CSV ou XLSX válido',
    fileEmpty: 'O arquivo não tem linhas para importar',
    columnsMissing: 'Colunas ausentes: {{colunas}}',
    columnsUnknown: 'Colunas desconhecidas: {{colunas}}',
    cellCount:
      'Linha {{linha}}: tem {{celulas}} células, mas o cabeçalho tem {{colunas}}. Confira o separador ({{separador}}); uma célula que o contenha, como uma lista de grupos, vai entre aspas',
    cellCountMore: 'E mais {{qtd}} linha(s) com o número de células errado',
    invalidRowsTitle: 'Linhas com erro',
    loginTypeInvalid: 'Informe EMAIL ou MATRICULA',
    groupUnknown: 'Grupo não encontrado: {{nome}}',
    emailInUse: 'Este e-mail já está em uso por outra pessoa',
    matriculaInUse: 'Esta matrícula já está em uso por outra pessoa da empresa',
    repeated: 'Repetido no arquivo (linha {{linha}})',
    samePerson: 'Esta pessoa já está no arquivo (linha {{linha}})',
    template: {
      title: 'Importação de usuários',
      name: 'Maria da Silva',
      email: 'maria.silva@empresa.com.br',
      unit: 'Matriz',
      branch: 'São Paulo',
      sector: 'Financeiro',
      jobTitle: 'Analista',
      groups: 'Todos;Comercial',
    },
  },
} as const;
