import {
  alteraSenhaEFazLogin,
  cadastraNumeroTelefoneDeslogado,
  confirmaNumeroTelefoneDeslogado,
  primeiroAcesso,
  resetaSenhaComToken,
  solicitaTrocaDeSenha,
  validaCodigoSms,
} from './account.ts';
import { doLogin, doLogout, recuperaDadosUsuarioLogado, recuperaPermissoesUsuario } from './auth.ts';
import {
  consultaBannersPortal,
  consultaComentarios,
  consultaGestos,
  consultaPostagem,
  consultaPostagens,
  excluiComentario,
  insereComentario,
  publicaPostagemTimeline,
  reagePostagem,
  salvaPostagem,
  votaEnquete,
} from './timeline.ts';

/** Every call of the API: the server registers these, the web client is typed from them. */
export const calls = {
  doLogin,
  doLogout,
  recuperaDadosUsuarioLogado,
  recuperaPermissoesUsuario,
  primeiroAcesso,
  confirmaNumeroTelefoneDeslogado,
  cadastraNumeroTelefoneDeslogado,
  validaCodigoSms,
  alteraSenhaEFazLogin,
  solicitaTrocaDeSenha,
  resetaSenhaComToken,
  consultaPostagens,
  consultaPostagem,
  publicaPostagemTimeline,
  consultaComentarios,
  insereComentario,
  excluiComentario,
  reagePostagem,
  salvaPostagem,
  votaEnquete,
  consultaGestos,
  consultaBannersPortal,
} as const;

export type Calls = typeof calls;
export type CallName = keyof Calls;
