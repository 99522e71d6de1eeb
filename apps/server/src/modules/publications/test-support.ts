import sharp from 'sharp';
import { and, eq, sql } from 'drizzle-orm';
import type { PublicacaoAdmin } from '@elo/contract/calls/publications';
import { notifications } from '../../db/schema/all.ts';
import type { TestApp } from '../../test/harness.ts';

/** An image of that size, as a browser would send it. */
export async function image(width: number, height: number, format: 'png' | 'jpeg' | 'gif' = 'png') {
  return sharp({ create: { width, height, channels: 3, background: '#0f766e' } })
    .toFormat(format)
    .toBuffer();
}

/** The first bytes of an MP4 file (its ftyp box), padded to `size` bytes. */
export function mp4(size = 4096): Buffer {
  const head = Buffer.from([
    0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32, 0x00, 0x00, 0x00, 0x00, 0x6d,
    0x70, 0x34, 0x32, 0x69, 0x73, 0x6f, 0x6d,
  ]);
  const body = Buffer.alloc(size, 0);
  head.copy(body);
  return body;
}

export interface SaveFile {
  field?: 'arquivo' | 'thumbnail';
  name: string;
  type: string;
  body: Buffer;
}

/** Sends the publish screen's form. */
export function savePublication(
  t: TestApp,
  cookie: string,
  fields: Record<string, string>,
  files: SaveFile[] = [],
) {
  return t.callMultipart('salvaPublicacaoAdmin', {
    cookie,
    fields: { flMural: 'S', acao: 'PUBLICAR', ...fields },
    files: files.map((file) => ({ field: 'arquivo', ...file })),
  });
}

export async function savedPublication(
  t: TestApp,
  cookie: string,
  fields: Record<string, string>,
  files: SaveFile[] = [],
): Promise<PublicacaoAdmin> {
  const response = await savePublication(t, cookie, fields, files);
  if (response.statusCode !== 200)
    throw new Error(`salvaPublicacaoAdmin ${response.statusCode}: ${response.body}`);
  return response.json().data.publicacao as PublicacaoAdmin;
}

/** The ids of an employee's timeline's first page. */
export async function timelineIds(t: TestApp, cookie: string): Promise<number[]> {
  const response = await t.call(
    'consultaPostagens',
    { idPaginaAtual: 1, qtdRegistrosPorPagina: 50, idsGrupo: [], idTipoIgnorar: [] },
    { cookie },
  );
  if (response.statusCode !== 200) throw new Error(response.body);
  return (response.json().data.listPostagens as { idMensagem: number }[]).map((post) => post.idMensagem);
}

/** The notifications of a publication stored, per person. */
export async function publicationNotifications(t: TestApp, postId: number) {
  return t.database.db
    .select({ userId: notifications.userId, title: notifications.title, body: notifications.body })
    .from(notifications)
    .where(
      and(
        eq(notifications.type, 'PUBLICACAO_PUBLICADA'),
        eq(notifications.link, `/painel/publicacao/${postId}`),
      ),
    )
    .orderBy(sql`${notifications.userId}`);
}
