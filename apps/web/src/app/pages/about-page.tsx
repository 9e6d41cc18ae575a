import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OctopusMascot } from '@/components/octopus-mascot';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import './public-pages.css';

/** Personalised study plans, smart scheduling, progress tracking (docs/product.md, Screens). */
const pillars = ['plans', 'scheduling', 'progress'] as const;
const values = ['privacy', 'open', 'honest'] as const;

/** About StudyBuddy (/about). */
export default function AboutPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('about.documentTitle'));
  return (
    <article className="public-page">
      <header className="public-hero">
        <div className="public-hero__text">
          <h1 className="public-hero__title">{t('about.title')}</h1>
          <p className="public-hero__lead">{t('about.lead')}</p>
        </div>
        <OctopusMascot className="public-hero__mascot" />
      </header>

      <section className="public-section" aria-labelledby="about-why">
        <h2 id="about-why" className="public-section__title">
          {t('about.why.title')}
        </h2>
        <p>{t('about.why.p1')}</p>
        <p>{t('about.why.p2')}</p>
      </section>

      <section className="public-section" aria-labelledby="about-what">
        <h2 id="about-what" className="public-section__title">
          {t('about.what.title')}
        </h2>
        <ul className="info-cards">
          {pillars.map((key) => (
            <li key={key} className="info-card">
              <h3 className="info-card__title">{t(`about.what.${key}.title`)}</h3>
              <p className="info-card__text">{t(`about.what.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="public-section" aria-labelledby="about-values">
        <h2 id="about-values" className="public-section__title">
          {t('about.values.title')}
        </h2>
        <ul className="value-list">
          {values.map((key) => (
            <li key={key}>
              <strong>{t(`about.values.${key}.title`)}</strong> {t(`about.values.${key}.text`)}
            </li>
          ))}
        </ul>
      </section>

      <aside className="public-cta" aria-labelledby="about-cta">
        <h2 id="about-cta" className="public-cta__title">
          {t('about.cta.title')}
        </h2>
        <div className="actions">
          <Link to={paths.register} className="button button--primary">
            {t('about.cta.register')}
          </Link>
          <Link to={paths.contact} className="button button--secondary">
            {t('about.cta.contact')}
          </Link>
        </div>
      </aside>
    </article>
  );
}
