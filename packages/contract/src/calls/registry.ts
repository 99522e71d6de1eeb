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
} as const;

export type Calls = typeof calls;
export type CallName = keyof Calls;
