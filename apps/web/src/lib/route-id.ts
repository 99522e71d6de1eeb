/**
 * The numeric id an address names (`/admin/usuarios/:idUsuario/editar`), or null when it names none
 * (the creating page, or a segment that is not a number).
 */
export function routeId(param: string | undefined): number | null {
  return param && /^\d+$/.test(param) ? Number(param) : null;
}
