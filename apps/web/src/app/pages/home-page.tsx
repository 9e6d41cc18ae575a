import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OctopusMascot } from '@/components/octopus-mascot';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import './home-page.css';

/** Simple line icons drawn inline (no icon font or download). */
function LineIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

const icons = {
  check: <path d="M5 12.5l4.5 4.5L19 7.5" />,
  assistant: (
    <>
      <path d="M4 6.5A2.5 2.5 0 016.5 4h11A2.5 2.5 0 0120 6.5v7a2.5 2.5 0 01-2.5 2.5H11l-4.5 4v-4h0A2.5 2.5 0 014 13.5z" />
      <path d="M8.5 9h7M8.5 12h4.5" />
    </>
  ),
  scheduler: (
    <>
      <rect x="3.5" y="5" width="17" height="15" rx="2.5" />
      <path d="M3.5 10h17M8 3v4M16 3v4M8 14h3M13.5 14h2.5M8 17h3" />
    </>
  ),
  progress: <path d="M4 19h16M6.5 15.5l4-4.5 3 2.5 5-6.5M15 7h3.5v3.5" />,
} as const;

/** The three promises (docs/product.md, Screens). */
const promises = ['checklists', 'scheduler', 'progress'] as const;

/** Landing page: three feature cards and where each leads. */
const features = [
  { key: 'assistant', to: paths.dashboard },
  { key: 'scheduler', to: paths.smartSchedulerSetup },
  { key: 'progress', to: paths.dashboard },
] as const;

/** How it works, in three steps. */
const steps = ['signUp', 'plan', 'achieve'] as const;

/** The landing page (docs/product.md, Screens). */
export default function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('landing.documentTitle'));
  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__text">
          <p className="hero__eyebrow">{t('landing.hero.eyebrow')}</p>
          <h1 id="hero-title" className="hero__title">
            {t('landing.hero.title')}
          </h1>
          <p className="hero__lead">{t('landing.hero.lead')}</p>
          <ul className="hero__promises" aria-label={t('landing.promisesLabel')}>
            {promises.map((key) => (
              <li key={key} className="hero__promise">
                <span className="hero__check">
                  <LineIcon>{icons.check}</LineIcon>
                </span>
                <span>
                  <strong>{t(`landing.promises.${key}.title`)}</strong>
                  {' – '}
                  {t(`landing.promises.${key}.text`)}
                </span>
              </li>
            ))}
          </ul>
          <div className="hero__actions">
            <Link to={paths.register} className="button button--primary button--large">
              {t('landing.getStarted')}
            </Link>
            <Link to={paths.login} className="button button--secondary button--large">
              {t('landing.login')}
            </Link>
          </div>
          <p className="hero__note">{t('landing.hero.note')}</p>
        </div>
        <div className="hero__art">
          <div className="hero__bubble hero__bubble--one" />
          <div className="hero__bubble hero__bubble--two" />
          <div className="hero__bubble hero__bubble--three" />
          <OctopusMascot className="hero__mascot" title={t('landing.mascot')} animated />
          <div className="hero__sticker hero__sticker--top" aria-hidden="true">
            <LineIcon>{icons.check}</LineIcon>
            {t('landing.hero.stickerTopic')}
          </div>
          <div className="hero__sticker hero__sticker--bottom" aria-hidden="true">
            <LineIcon>{icons.scheduler}</LineIcon>
            {t('landing.hero.stickerSession')}
          </div>
        </div>
      </section>

      <section className="landing__section" aria-labelledby="features-title">
        <h2 id="features-title" className="landing__heading">
          {t('landing.features.title')}
        </h2>
        <p className="landing__intro">{t('landing.features.lead')}</p>
        <ul className="feature-cards">
          {features.map(({ key, to }) => (
            <li key={key} className={`feature-card feature-card--${key}`}>
              <span className="feature-card__icon">
                <LineIcon>{icons[key]}</LineIcon>
              </span>
              <h3 className="feature-card__title">{t(`landing.features.${key}.title`)}</h3>
              <p className="feature-card__text">{t(`landing.features.${key}.text`)}</p>
              <Link to={to} className="feature-card__link">
                {t(`landing.features.${key}.cta`)}
                <span aria-hidden="true"> →</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="landing__section how" aria-labelledby="how-title">
        <h2 id="how-title" className="landing__heading">
          {t('landing.how.title')}
        </h2>
        <ol className="how__steps">
          {steps.map((key, index) => (
            <li key={key} className="how__step">
              <span className="how__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="how__title">{t(`landing.how.${key}.title`)}</h3>
              <p className="how__text">{t(`landing.how.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="landing-cta" aria-labelledby="cta-title">
        <OctopusMascot className="landing-cta__mascot" />
        <div>
          <h2 id="cta-title" className="landing-cta__title">
            {t('landing.cta.title')}
          </h2>
          <p className="landing-cta__text">{t('landing.cta.text')}</p>
        </div>
        <Link to={paths.register} className="button button--light button--large">
          {t('landing.cta.button')}
        </Link>
      </section>
    </div>
  );
}
