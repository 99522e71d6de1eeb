import type { ConteudoTv, SlideTv, TelaTv } from '@elo/contract/calls/tv';
import { tvLimits } from '@elo/contract/calls/tv';
import type { ScreenRow } from './repo.ts';

const flag = (value: boolean) => (value ? ('S' as const) : ('N' as const));

/** A screen as the administration's list shows it; online by a recent contact or a stream here. */
export function presentScreen(row: ScreenRow, options: { streaming: boolean; now?: number }): TelaTv {
  const now = options.now ?? Date.now();
  const lastContact = row.lastContactAt ? new Date(row.lastContactAt) : null;
  const recent = lastContact !== null && now - lastContact.getTime() <= tvLimits.onlineWithinSeconds * 1000;
  return {
    idTela: row.id,
    ...screenSettings(row),
    flPareada: flag(row.paired),
    dtUltimoContato: lastContact?.toISOString() ?? null,
    flOnline: flag(row.paired && (recent || options.streaming)),
    versao: row.version,
  };
}

/** The fields an audit entry compares, in the wire's words. */
export function auditedFields(row: ScreenRow | undefined | null) {
  return row ? screenSettings(row) : null;
}

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

/** What the content's parts give, with every file already turned into an address the screen may fetch. */
export interface ScreenContentParts {
  screen: { name: string; secondsPerSlide: number };
  company: { name: string; logoUrl: string | null; mainColor: string };
  announcements: { id: number; imageUrl: string; description: string | null }[];
  publications: {
    id: number;
    text: string;
    imageUrl: string | null;
    videoThumbnailUrl: string | null;
    authorName: string;
    authorPhotoUrl: string | null;
    publishedAt: Date;
  }[];
  celebrations: {
    name: string;
    photoUrl: string | null;
    kind: 'birthday' | 'workAnniversary';
    years: number | null;
  }[];
}

/** The screen's rotation: announcements, then publications, then one slide of today's celebrations. */
export function presentContent(parts: ScreenContentParts, now = new Date()): ConteudoTv {
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
      dtPublicacao: item.publishedAt.toISOString(),
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
    dtGeracao: now.toISOString(),
  };
}
