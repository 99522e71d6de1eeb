import type { Postagem } from '@elo/contract/calls/timeline';
import { PostType } from '@elo/contract/enums';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { paths } from '#lib/paths.ts';
import { errorMessageOf } from '#lib/api-client.ts';
import { formatDateTime } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { Alert } from '#ui/alert.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { textLinkClassName } from '#ui/text-link.ts';
import { Avatar } from '#ui/avatar.tsx';
import { useLatestPosts } from '../hooks/use-latest-posts.ts';

function CompactPost({ post }: { post: Postagem }) {
  const { t } = useTranslation();
  const typeNames: Record<number, string> = {
    [PostType.text]: t('portal.timeline.post.types.text'),
    [PostType.image]: t('portal.timeline.post.types.image'),
    [PostType.video]: t('portal.timeline.post.types.video'),
    [PostType.youtube]: t('portal.timeline.post.types.youtube'),
    [PostType.poll]: t('portal.timeline.post.types.poll'),
  };
  const author = post.autor.nome;
  const picture = post.idAppTipoMensagem === PostType.image ? post.midia?.url : post.midia?.urlThumbnail;
  return (
    <li className="flex gap-3 py-3">
      <Avatar name={author} photoUrl={post.autor.urlFoto} size="sm" className="shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="text-sm">
          <span className="font-semibold text-font-primary">{author}</span>{' '}
          <time dateTime={post.dtPublicacao} className="text-font-secondary">
            {formatDateTime(post.dtPublicacao, currentLanguage())}
          </time>
        </p>
        <p className="text-xs font-medium text-font-secondary uppercase">
          {typeNames[post.idAppTipoMensagem]}
        </p>
        {post.textoPublicacao && (
          <p className="line-clamp-2 text-sm break-words text-font-primary">{post.textoPublicacao}</p>
        )}
        <Link
          to={generatePath(paths.portal.publication, { idPublicacao: String(post.idMensagem) })}
          className={`${textLinkClassName} text-sm`}
        >
          {t('portal.timeline.latest.viewPost', { author })}
        </Link>
      </div>
      {picture && (
        <img src={picture} alt="" loading="lazy" className="size-16 shrink-0 rounded-md object-cover" />
      )}
    </li>
  );
}

/** The newest posts of all the user's groups, compact, each linking to the post opened. */
export function LatestPosts() {
  const { t } = useTranslation();
  const headingId = useId();
  const latest = useLatestPosts();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-font-primary">
          {t('portal.timeline.latest.heading')}
        </h2>
        <Link to={paths.portal.timeline} className={`${textLinkClassName} text-sm`}>
          {t('portal.timeline.latest.goToTimeline')}
        </Link>
      </div>
      {latest.isPending && (
        <Spinner label={t('portal.timeline.loadingPosts')} className="mt-3 text-primary-ink" />
      )}
      {latest.isError && (
        <Alert type="error" title={t('apiErrors.loadData')} className="mt-3">
          {errorMessageOf(latest.error, t('apiErrors.default'))}
        </Alert>
      )}
      {latest.data &&
        (latest.data.length === 0 ? (
          <p className="mt-3 text-font-secondary">{t('portal.timeline.latest.empty')}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {latest.data.map((post) => (
              <CompactPost key={post.idMensagem} post={post} />
            ))}
          </ul>
        ))}
    </section>
  );
}
