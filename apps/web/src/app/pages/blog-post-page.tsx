import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { blogPosts, findBlogPost } from '@/features/blog/posts';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDate } from '@/lib/format-date';
import './public-pages.css';

/** One blog article (/blog/{slug}); an unknown slug leads back to the blog. */
export default function BlogPostPage() {
  const { t, i18n } = useTranslation();
  const { slug } = useParams();
  const post = findBlogPost(slug);
  useDocumentTitle(post ? t(`blog.posts.${post.key}.title`) : t('blog.documentTitle'));
  if (!post) return <Navigate to={paths.blog} replace />;
  const base = `blog.posts.${post.key}`;
  const others = blogPosts.filter((p) => p.slug !== post.slug);
  return (
    <div className="public-page public-page--article">
      <nav aria-label={t('blog.breadcrumb')} className="breadcrumb">
        <Link to={paths.blog}>
          <span aria-hidden="true">← </span>
          {t('blog.back')}
        </Link>
      </nav>
      <article className="article" aria-labelledby="article-title">
        <header className="article__header">
          <p className="post-meta">
            <time dateTime={post.published}>{formatDate(post.published, i18n.language)}</time>
            {' · '}
            {t('blog.readingTime', { minutes: post.minutes })}
          </p>
          <h1 id="article-title" className="article__title">
            {t(`${base}.title`)}
          </h1>
          <p className="article__summary">{t(`${base}.summary`)}</p>
        </header>
        {post.blocks.map((block) =>
          block.startsWith('h') ? (
            <h2 key={block} className="article__heading">
              {t(`${base}.${block}`)}
            </h2>
          ) : (
            <p key={block}>{t(`${base}.${block}`)}</p>
          ),
        )}
      </article>
      <aside className="public-section" aria-labelledby="more-posts">
        <h2 id="more-posts" className="public-section__title">
          {t('blog.more')}
        </h2>
        <ul className="value-list">
          {others.map((p) => (
            <li key={p.slug}>
              <Link to={paths.blogPost(p.slug)}>{t(`blog.posts.${p.key}.title`)}</Link>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
