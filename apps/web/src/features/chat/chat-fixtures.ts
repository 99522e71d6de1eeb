import type { HistoricoConversa, MensagemChat } from '@elo/contract/chat';

/** The signed-in user of the chat tests (Maria). */
export const fixtureMe = 2;

/** A chat message from Carlos (3) to Maria in room 1, for tests. */
export function makeMessage(overrides: Partial<MensagemChat> = {}): MensagemChat {
  return {
    idMensagem: 50,
    idMensagemCliente: 'c-50',
    idSala: 1,
    idUsuario: 3,
    idUsuarioOrigem: 3,
    idUsuarioDestino: fixtureMe,
    idUsuarioPai: 1,
    nomeUsuario: 'Carlos Pereira',
    urlFotoUsuario: null,
    mensagem: 'Oi',
    idUsuariosMencionados: [],
    dtEnvio: '2026-03-10T12:00:00.000Z',
    dtEdicao: null,
    idTipoArquivo: null,
    duracao: null,
    audioSamples: null,
    dadosLinkMetadata: null,
    tamanhoArquivo: null,
    nomeArquivo: null,
    urlArquivo: null,
    urlThumbNail: null,
    flExcluirDefinitivo: 'N',
    flLida: 'N',
    ...overrides,
  };
}

/** Maria's conversation with Carlos (room 1, two unread), for tests. */
export function makeConversation(overrides: Partial<HistoricoConversa> = {}): HistoricoConversa {
  return {
    idSala: 1,
    flGrupo: 'N',
    idUsuario: 3,
    descricao: 'Carlos Pereira',
    urlFoto: null,
    textoPerfil: null,
    unidade: null,
    filial: null,
    setor: null,
    cargo: null,
    idMensagem: 40,
    idUsuarioUltimaMensagem: 3,
    mensagem: 'Antes',
    nomeAnexo: null,
    pathAnexo: null,
    idTipoArquivo: null,
    dtEnvio: '2026-03-10T11:00:00.000Z',
    flLida: 'N',
    flExcluirDefinitivo: 'N',
    duracao: null,
    audioSamples: null,
    membros: [fixtureMe, 3],
    qtdMensagensNaoLidas: 2,
    online: 'N',
    ...overrides,
  };
}
