import type {
  salvaUsuarioAdminInputSchema,
  SalvaUsuarioAdminInput,
  UsuarioAdmin,
} from '@elo/contract/calls/users';
import { LoginType } from '@elo/contract/enums';
import type { Control } from 'react-hook-form';
import type { z } from 'zod';
import type { FormFields } from '#lib/submit-failure.ts';

/** The user form's values, as the save call takes them. */
export type UserForm = SalvaUsuarioAdminInput;

/** The user form's fields as react-hook-form holds them, checked by the call's schema. */
export type UserFormControl = Control<UserForm, unknown, z.output<typeof salvaUsuarioAdminInputSchema>>;

/** The fields the server's 422 may name beside the form's controls. */
export const userFormFields: FormFields<UserForm> = {
  fields: [
    'nome',
    'tipoLogin',
    'email',
    'matricula',
    'senha',
    'celular',
    'idUnidade',
    'idFilial',
    'idSetor',
    'idCargo',
    'dtNascimento',
    'dtAdmissao',
    'textoPerfil',
    'idsGrupos',
    'flAtivo',
    'flEnviarConvite',
  ],
};

/** The form's starting values: the person's, or a blank one logging in by e-mail. */
export function formValuesOf(user: UsuarioAdmin | undefined): UserForm {
  return {
    // The versao read goes back with the save: a stale one is refused (409 REGISTRO_ALTERADO).
    ...(user ? { idUsuario: user.idUsuario, versao: user.versao } : {}),
    nome: user?.nome ?? '',
    tipoLogin: user?.tipoLogin ?? LoginType.email,
    email: user?.email ?? '',
    matricula: user?.matricula ?? '',
    senha: user ? undefined : '',
    celular: user?.celular ?? '',
    idUnidade: user?.idUnidade ?? null,
    idFilial: user?.idFilial ?? null,
    idSetor: user?.idSetor ?? null,
    idCargo: user?.idCargo ?? null,
    dtNascimento: user?.dtNascimento ?? '',
    dtAdmissao: user?.dtAdmissao ?? null,
    textoPerfil: user?.textoPerfil ?? '',
    idsGrupos: user?.idsGrupos ?? [],
    flAtivo: user?.flAtivo ?? 'S',
    flEnviarConvite: 'N',
  };
}
