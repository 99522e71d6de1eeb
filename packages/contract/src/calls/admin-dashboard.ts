import { z } from 'zod';
import { defineCall } from '../define-call.ts';
import { anyAdministrator } from '../enums.ts';

/** A figure is null when the caller may not read the area it belongs to. */
const figure = z.number().int().nullable();

/** The administration's home: the company's key figures, each only for those who may read its area. */
export const consultaDashboardAdmin = defineCall({
  name: 'consultaDashboardAdmin',
  mode: 'read',
  audience: 'admin',
  permission: anyAdministrator,
  input: z.object({}),
  output: z.object({
    /** Active people (ADMIN_USUARIOS). */
    qtdUsuariosAtivos: figure,
    /** People who signed in in the last 7 days (ADMIN_USUARIOS). */
    qtdAcessos7Dias: figure,
    /** Published posts (ADMIN_PUBLICACOES). */
    qtdPostagens: figure,
    /** Comments on posts (ADMIN_PUBLICACOES). */
    qtdComentarios: figure,
    /** Chat messages sent in the last 30 days (ADMIN_USUARIOS). */
    qtdMensagensChat: figure,
    /** Finished survey answers (ADMIN_PESQUISAS). */
    qtdRespostasPesquisa: figure,
  }),
});
