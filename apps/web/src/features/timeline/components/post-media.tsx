import type { Postagem } from '@elo/contract/calls/timeline';
import { PostType } from '@elo/contract/enums';
import { useTranslation } from 'react-i18next';
import { fitIntoBox } from '../media-box.ts';
import { postColors } from '../post-colors.ts';
import { isYouTubeVideoId, youTubeEmbedUrl, youTubeWatchUrl } from '@elo/contract/youtube';

/** The box a post's picture or video is scaled into. */
const mediaBox = { width: 640, height: 560 };
// When the server does not know a file's size, a landscape frame keeps the layout steady.
const unknownSize = { width: 1280, height: 720 };

/** A post's text: written as typed (never as HTML), on its background colour for text posts. */
export function PostText({ post }: { post: Postagem }) {
  if (!post.textoPublicacao) return null;
  if (post.idAppTipoMensagem !== PostType.text) {
    return (
      <p className="px-4 pb-3 break-words whitespace-pre-wrap text-font-primary">{post.textoPublicacao}</p>
    );
  }
  const colors = postColors(post.backgroundColor);
  return (
    <div className="px-4 pb-3">
      <p
        className="rounded-md px-4 py-5 text-lg break-words whitespace-pre-wrap"
        style={{ backgroundColor: colors.background, color: colors.text }}
      >
        {post.textoPublicacao}
      </p>
    </div>
  );
}

/** A post's image, video or YouTube frame, scaled into the card. */
export function PostMedia({ post }: { post: Postagem }) {
  const { t } = useTranslation();
  const author = post.autor.nome;
  if (post.idAppTipoMensagem === PostType.youtube) {
    if (!post.idYouTube || !isYouTubeVideoId(post.idYouTube)) return null;
    // A frame that cannot load (YouTube blocked by the network, the video removed) tells the page
    // nothing, so the link to the video's own page is always there beneath it.
    return (
      <div>
        <div className="aspect-video w-full bg-slate-900">
          <iframe
            src={youTubeEmbedUrl(post.idYouTube)}
            title={t('portal.timeline.post.youtubeTitle', { author })}
            className="size-full"
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
            allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
          />
        </div>
        <a
          href={youTubeWatchUrl(post.idYouTube)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-block px-4 py-2 text-sm text-primary-700 underline hover:text-primary-800"
        >
          {t('portal.timeline.post.youtubeLink')}
        </a>
      </div>
    );
  }
  const media = post.midia;
  if (!media) return null;
  const size = fitIntoBox(
    media.largura && media.altura ? { width: media.largura, height: media.altura } : unknownSize,
    mediaBox,
  );
  if (post.idAppTipoMensagem === PostType.video) {
    return (
      <div className="flex justify-center bg-slate-900">
        {/* The server answers Range requests, so "metadata" loads only what seeking needs. */}
        <video
          controls
          preload="metadata"
          src={media.url}
          poster={media.urlThumbnail ?? undefined}
          width={size.width}
          height={size.height}
          aria-label={t('portal.timeline.post.videoLabel', { author })}
          className="h-auto max-w-full"
        />
      </div>
    );
  }
  if (post.idAppTipoMensagem === PostType.image) {
    return (
      <div className="flex justify-center bg-slate-100">
        <img
          src={media.url}
          alt={t('portal.timeline.post.imageAlt', { author })}
          width={size.width}
          height={size.height}
          loading="lazy"
          decoding="async"
          className="h-auto max-w-full"
        />
      </div>
    );
  }
  return null;
}
