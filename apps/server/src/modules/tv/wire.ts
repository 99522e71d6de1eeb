import type { z } from 'zod';
import type { ConteudoTv, salvaTelaTvAdminInputSchema, SlideTv, TelaTv } from '@elo/contract/calls/tv';
import { tvLimits } from '@elo/contract/calls/tv';
import { fromFlag, toFlag as flag, toWireDate, toWireDateOrNull } from '../../platform/http/wire.ts';
import type { ScreenContent } from './content.ts';
import type { ScreenRow } from './repo.ts';
import type { ScreenForm } from './screens.ts';

/** The screen form's body in the domain's words. */
export const screenFormOf = (input: z.output<typeof salvaTelaTvAdminInputSchema>): ScreenForm => ({
  id: input.idTela,
  version: input.versao,
  name: input.nome,
  groupIds: input.idsGrupos,
  secondsPerSlide: input.segundosPorSlide,
  showAnnouncements: fromFlag(input.flComunicados),
  showPublications: fromFlag(input.flPublicacoes),
  publicationCount: input.qtdPublicacoes,
  showCelebrations: fromFlag(input.flAniversariantes),
});

/** A screen as the administration's list shows it; online by a recent contact or a stream here. */
export function presentScreen(row: ScreenRow, options: { streaming: boolean; now?: number }): TelaTv {
  const now = options.now ?? Date.now();
  const lastContact = row.lastContactAt ? new Date(row.lastContactAt) : null;
  const recent = lastContact !== null && now - lastContact.getTime() <= tvLimits.onlineWithinSeconds * 1000;
  return {
    idTela: row.id,
    ...screenSettings(row),
    flPareada: flag(row.paired),
    dtUltimoContato: toWireDateOrNull(lastContact),
    flOnline: flag(row.paired && (recent || options.streaming)),
    versao: row.version,
  };
}

/** The fields an audit entry compares, in the wire's words. */
export function auditedFields(row: ScreenRow | undefined | null) {
  return row ? screenSettings(row) : null;
}

/** Whether a screen is paired, as the audit log shows it (pending: a code bound, its token not collected). */
export const auditedPairing = (paired: boolean | 'pending') => ({
  flPareada: paired === 'pending' ? 'pendente' : flag(paired),
});

/** A screen's settings, as the form sends them. */
function screenSettings(row: ScreenRow) {
  return {
    nome: row.name,
    idsGrupos: row.groupIds,
    segundosPorSlide: row.secondsPerSlide,
    flComunicados: flag(row.showAnnouncements),
    flPublicacoes: flag(row.showPublications),
    qtdPublicacoes: row.publicationCount,
    flAniversariantes: flag(row.showCelebrations),
  };
}

/** The screen's rotation: announcements, then publications, then one slide of today's celebrations. */
export function presentContent(parts: ScreenContent, now = new Date()): ConteudoTv {
  const slides: SlideTv[] = [
    ...parts.announcements.map((item) => ({
      tipo: 'comunicado' as const,
      idComunicado: item.id,
      urlImagem: item.imageUrl,
      descricao: item.description,
    })),
    ...parts.publications.map((item) => ({
      tipo: 'publicacao' as const,
      idPostagem: item.id,
      texto: item.text,
      urlImagem: item.imageUrl,
      urlMiniaturaVideo: item.videoThumbnailUrl,
      nomeAutor: item.authorName,
      urlFotoAutor: item.authorPhotoUrl,
      dtPublicacao: toWireDate(item.publishedAt),
    })),
  ];
  if (parts.celebrations.length > 0) {
    slides.push({
      tipo: 'aniversariantes',
      listPessoas: parts.celebrations.map((person) => ({
        nome: person.name,
        urlFoto: person.photoUrl,
        tipo: person.kind === 'birthday' ? ('aniversario' as const) : ('tempoDeCasa' as const),
        qtdAnos: person.years,
      })),
    });
  }
  return {
    tela: { nome: parts.screen.name, segundosPorSlide: parts.screen.secondsPerSlide },
    empresa: {
      nome: parts.company.name,
      urlLogo: parts.company.logoUrl,
      corPrincipal: parts.company.mainColor,
    },
    slides,
    dtGeracao: toWireDate(now),
  };
}
