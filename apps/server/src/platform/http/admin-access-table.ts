import type { CallName, DownloadName } from '@elo/contract/calls/registry';
import type { AdminPermissionCode } from '@elo/contract/enums';

/**
 * The administration's permission table, written by hand from what each call's handler does and
 * never derived from the contract's declarations: the authorization tests compare the declarations
 * and the server against it, so a write declared `mode: 'read'` (or filed under another
 * permission) fails them. `L` lists what an administrator holding the permission at L (read) may
 * make: it only reads. `E` lists what changes data, and so needs E (edit). Each entry says, in a
 * few words, what the call does, which is why it sits where it does. See docs/security.md.
 */
export interface AreaAccess {
  L: Partial<Record<CallName | DownloadName, string>>;
  E: Partial<Record<CallName | DownloadName, string>>;
}

export const adminAccessTable: Record<AdminPermissionCode, AreaAccess> = {
  ADMIN_USUARIOS: {
    L: {
      consultaUsuariosAdmin: 'lists the people, filtered',
      consultaUsuarioAdmin: "shows one person's form as stored",
      consultaGruposUsuarioAdmin: "lists the company's groups for the list's filter",
      consultaCatalogoAdmin: "lists a catalogue's items (units, branches, sectors, positions)",
      consultaConfiguracoesUsuarioAdmin: 'shows which profile fields employees may change',
      consultaSolicitacoesExclusaoAdmin: 'lists the account deletion requests',
      exportaUsuarios: 'downloads the filtered people as CSV or XLSX',
      modeloImportacaoUsuarios: 'downloads the empty import template',
    },
    E: {
      salvaUsuarioAdmin: 'creates or edits a person',
      enviaFotoUsuarioAdmin: "stores a person's photo",
      alteraSituacaoUsuariosAdmin: 'activates or deactivates people, ending their sessions',
      enviaConvitesUsuariosAdmin: 'queues first-access e-mails (or SMS) with new provisional passwords',
      encerraSessoesUsuarioAdmin: "ends a person's sessions and chat sockets",
      salvaItemCatalogoAdmin: 'creates, renames or (de)activates a catalogue item',
      excluiItemCatalogoAdmin: 'deletes a catalogue item',
      salvaConfiguracoesUsuarioAdmin: 'changes which profile fields employees may change',
      cancelaSolicitacaoExclusaoAdmin: 'cancels an open deletion request',
      efetivaSolicitacaoExclusaoAdmin: "forces a deletion: ends the sessions and erases the person's data",
      // A simulation writes nothing, but the same call applies the file: E, like the screen.
      importaUsuariosAdmin: 'imports people from a file (or simulates it)',
    },
  },
  ADMIN_ADMINISTRADORES: {
    L: {
      consultaAdministradoresAdmin: 'lists the administrators',
      consultaAdministradorAdmin: "shows one administrator's statuses and assignments",
      consultaOpcoesAdministradorAdmin: 'lists the ticket subjects and groups to assign',
      consultaCandidatosAdministradorAdmin: 'lists employees who could be promoted',
    },
    E: {
      salvaAdministradorAdmin: 'creates, promotes or edits an administrator and their statuses',
      removeAdministradorAdmin: 'turns an administrator back into an employee',
    },
  },
  ADMIN_GRUPOS: {
    L: {
      consultaGruposAdmin: 'lists the groups with their counts',
      consultaGrupoAdmin: 'shows one group',
      consultaMembrosGrupoAdmin: "lists a group's members and their roles",
      consultaCandidatosMembroGrupoAdmin: 'lists people who could be added to a group',
      consultaRegrasGrupoAdmin: "shows a group's audience rules",
      consultaOpcoesRegrasGrupoAdmin: 'lists what a rule may name',
    },
    E: {
      salvaGrupoAdmin: 'creates or edits a group and its photo',
      excluiGrupoAdmin: 'deletes a group (and posts only in it)',
      adicionaMembrosGrupoAdmin: 'adds people to a group',
      alteraMembroGrupoAdmin: "changes a member's roles",
      removeMembrosGrupoAdmin: 'removes people from a group',
      salvaRegrasGrupoAdmin: "replaces a group's rules and its members by rule",
    },
  },
  ADMIN_CONFIGURACOES_APP: {
    L: {
      consultaConfiguracoesAppAdmin: "shows the company's logo, colours and function names",
      consultaProvisionamentoScimAdmin: "shows the SCIM base URL and whether the company's token is live",
      consultaConfiguracaoSsoAdmin: "shows the company's single sign-on settings (never the client secret)",
    },
    E: {
      salvaConfiguracoesAppAdmin: "changes the company's logo, colours and function names",
      geraTokenScimAdmin: "makes the company's SCIM token (shown once), revoking the one before",
      revogaTokenScimAdmin: "ends the company's SCIM token",
      salvaConfiguracaoSsoAdmin:
        'changes who signs in through the identity provider, and whether passwords still work',
      testaConfiguracaoSsoAdmin:
        'reaches out to the identity provider the settings name (discovery or metadata)',
    },
  },
  ADMIN_COMUNICADOS: {
    L: {
      consultaComunicadosAdmin: 'lists the announcements with their views and clicks',
      consultaGruposComunicadoAdmin: "lists the company's groups for the form",
    },
    E: {
      salvaComunicadoAdmin: 'creates or edits an announcement and its image',
      excluiComunicadoAdmin: 'deletes an announcement',
      ordenaComunicadosAdmin: "changes the carousel's order",
    },
  },
  ADMIN_PUBLICACOES: {
    L: {
      consultaPublicacoesAdmin: 'lists the publications',
      consultaGruposPublicacaoAdmin: "lists the company's groups for the publish screen",
      consultaPublicacaoAdmin: "shows one publication's reach and counts",
      consultaInteracoesPublicacaoAdmin: "lists a publication's views, reactions and comments",
      consultaTimelineAdmin: "shows the company's timeline with hidden posts marked",
      exportaInteracoesPublicacao: "downloads a publication's interactions as CSV or XLSX",
    },
    E: {
      salvaPublicacaoAdmin: 'publishes, schedules or drafts a publication',
      reagendaPublicacaoAdmin: 'moves a scheduled publication',
      cancelaAgendamentoPublicacaoAdmin: 'cancels a schedule (deletes, drafts or publishes now)',
      excluiPublicacaoAdmin: 'deletes a publication',
      moderaPostagemAdmin: 'hides, shows or deletes a post',
      moderaComentarioAdmin: 'hides, shows or deletes a comment',
    },
  },
  ADMIN_PESQUISAS: {
    L: {
      consultaPesquisasAdmin: 'lists the surveys',
      consultaPesquisaAdmin: "shows a survey's authoring form",
      consultaGruposPesquisaAdmin: 'lists the groups a survey may target',
      consultaResultadoPesquisaAdmin: "shows a survey's results (hidden below the minimum)",
      consultaConfiguracoesPesquisasAdmin: "shows the company's minimum of respondents",
      exportaPesquisa: "downloads a survey's answers as CSV or XLSX",
    },
    E: {
      salvaPesquisa: 'creates or edits a survey and its questions',
      enviaImagemCabecalhoPesquisa: "stores a survey's header image",
      duplicaPesquisa: 'creates a draft copy of a survey',
      publicaPesquisa: 'publishes a draft survey',
      encerraPesquisa: 'closes a published survey',
      excluiPesquisa: 'deletes a survey without answers',
      salvaConfiguracoesPesquisasAdmin: "changes the company's minimum of respondents",
    },
  },
  ADMIN_PORTAL_RH: {
    L: {
      consultaChamadosAdmin: 'lists the tickets the administrator may see',
      consultaResumoRhAdmin: 'counts the open, late and own open tickets the administrator may see',
      // Reading a confidential ticket leaves a trace in the audit log; the ticket stays as it was.
      consultaChamadoAdmin: 'shows a ticket with its internal notes',
      consultaResponsaveisChamadoAdmin: 'lists who a ticket can be assigned to',
      consultaRelatorioSlaAdmin: "shows a month's SLA report",
      consultaConfiguracoesRhAdmin: 'shows the subjects, calendar and holidays',
      consultaRespostasProntasAdmin: 'lists the canned answers',
      exportaRelatorioSla: "downloads a month's SLA report as CSV or XLSX",
    },
    E: {
      respondeChamadoAdmin: 'answers a ticket or writes an internal note',
      atribuiChamadoAdmin: 'makes an administrator responsible for a ticket',
      alteraStatusChamadoAdmin: "changes a ticket's status",
      salvaAssuntoChamadoAdmin: 'creates or edits a ticket subject and its SLA',
      salvaCalendarioRhAdmin: "changes HR's business hours",
      salvaFeriadoAdmin: 'creates or edits a holiday',
      excluiFeriadoAdmin: 'deletes a holiday',
      salvaRespostaProntaAdmin: 'creates or edits a canned answer',
      excluiRespostaProntaAdmin: 'deletes a canned answer',
    },
  },
  ADMIN_TV_CORPORATIVA: {
    L: {
      consultaTelasTvAdmin: 'lists the screens',
      consultaGruposTvAdmin: "lists the company's groups for the screen form",
      consultaConteudoTelaTvAdmin: 'previews what a screen would show',
    },
    E: {
      salvaTelaTvAdmin: 'creates or edits a screen',
      excluiTelaTvAdmin: 'deletes a screen, unpairing its device',
      pareiaTelaTvAdmin: 'pairs a device to a screen, issuing its token',
      revogaTelaTvAdmin: "revokes a screen's device",
    },
  },
  ADMIN_AUDITORIA: {
    L: {
      consultaAuditoriaAdmin: 'lists the audit entries, masked for the reader',
      consultaAutoresAuditoriaAdmin: "finds the log's authors by name for the author filter",
      exportaAuditoria: 'downloads the filtered entries as CSV or XLSX',
    },
    // The audit log is written only by the changes it records: nothing here changes it.
    E: {},
  },
};

/** Calls any administrator makes, whatever their statuses (the figures are cut to what they read). */
export const anyAdministratorCalls: Partial<Record<CallName, string>> = {
  consultaDashboardAdmin: "shows the dashboard's figures",
};

/**
 * Verbs that, as a word of a call's name (`salvaGrupoAdmin`, `alteraSenhaEFazLogin`), say it
 * changes data: such a call declared `mode: 'read'` is a mistake unless listed below. The first
 * ones are the portal's usual verbs; the rest are the other writing verbs its calls use.
 */
export const writeVerbs = [
  'salva',
  'exclui',
  'altera',
  'publica',
  'encerra',
  'remove',
  'efetiva',
  'cancela',
  'importa',
  'envia',
  'responde',
  'atribui',
  'pareia',
  'revoga',
  'marca',
  'registra',
  'adiciona',
  'ordena',
  'modera',
  'duplica',
  'reagenda',
  'insere',
  'conclui',
  'adia',
  'avalia',
  'abre',
  'vota',
  'reage',
  'confirma',
  'cadastra',
  'reseta',
  'limpa',
  'finaliza',
  'inicializa',
  'retira',
  'gera',
] as const;

/** Calls whose names say they write but which only read, each with the reason. */
export const writeNamedReads: Partial<Record<CallName | DownloadName, string>> = {
  consultaChavePublicaPush:
    "'pública' is the key's adjective (the server's public key), not the verb 'publica'",
};

/** The words of a camelCase name, in lower case: `alteraSenhaEFazLogin` → altera, senha, e, faz, login. */
export function wordsOf(name: string): string[] {
  return name.split(/(?=[A-Z])/).map((word) => word.toLowerCase());
}

/** The writing verb a name carries as one of its words, if any. */
export function writeVerbOf(name: string): string | undefined {
  const words = wordsOf(name);
  return writeVerbs.find((verb) => words.includes(verb));
}

/** Where the table files a call or download: its permission and the status it needs. */
export function tableEntryOf(
  name: string,
):
  | { permission: AdminPermissionCode; needs: 'L' | 'E'; what: string; also?: AdminPermissionCode }
  | undefined {
  for (const [permission, area] of Object.entries(adminAccessTable) as [AdminPermissionCode, AreaAccess][]) {
    for (const needs of ['L', 'E'] as const) {
      const what = (area[needs] as Record<string, string>)[name];
      const also = (alsoNeeded as Record<string, AdminPermissionCode>)[name];
      if (what !== undefined) return { permission, needs, what, ...(also ? { also } : {}) };
    }
  }
  return undefined;
}

/**
 * Calls that need a second permission at the same status as the one they are filed under: single
 * sign-on and provisioning decide who signs in and as whom, so they need the app's settings and the
 * administrators' area both (the master holds every permission).
 */
export const alsoNeeded: Partial<Record<CallName | DownloadName, AdminPermissionCode>> = {
  consultaProvisionamentoScimAdmin: 'ADMIN_ADMINISTRADORES',
  geraTokenScimAdmin: 'ADMIN_ADMINISTRADORES',
  revogaTokenScimAdmin: 'ADMIN_ADMINISTRADORES',
  consultaConfiguracaoSsoAdmin: 'ADMIN_ADMINISTRADORES',
  salvaConfiguracaoSsoAdmin: 'ADMIN_ADMINISTRADORES',
  testaConfiguracaoSsoAdmin: 'ADMIN_ADMINISTRADORES',
};
