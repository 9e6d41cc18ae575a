import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { blogPosts } from '@/features/blog/posts';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDate } from '@/lib/format-date';
import './public-pages.css';

/** The blog (/blog): the three posts, newest first. */
export default function BlogPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('blog.documentTitle'));
  const newestFirst = [...blogPosts].sort((a, b) => b.published.localeCompare(a.published));
  return (
    <div className="public-page">
      <header className="public-hero public-hero--plain">
        <div className="public-hero__text">
          <h1 className="public-hero__title">{t('blog.title')}</h1>
          <p className="public-hero__lead">{t('blog.lead')}</p>
        </div>
      </header>
      <ul className="post-list">
        {newestFirst.map((post) => (
          <li key={post.slug} className={`post-card post-card--${post.key}`}>
            <article aria-labelledby={`post-${post.slug}`}>
              <p className="post-meta">
                <time dateTime={post.published}>{formatDate(post.published, i18n.language)}</time>
                {' · '}
                {t('blog.readingTime', { minutes: post.minutes })}
              </p>
              <h2 id={`post-${post.slug}`} className="post-card__title">
                <Link to={paths.blogPost(post.slug)}>{t(`blog.posts.${post.key}.title`)}</Link>
              </h2>
              <p className="post-card__summary">{t(`blog.posts.${post.key}.summary`)}</p>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
