import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import './public-pages.css';

/** The four services and where each can be tried (docs/product.md, Screens). */
const services = [
  { key: 'assistant', to: paths.dashboard, icon: '💬' },
  { key: 'scheduling', to: paths.smartSchedulerSetup, icon: '🗓️' },
  { key: 'analytics', to: paths.dashboard, icon: '📈' },
  { key: 'community', to: paths.contact, icon: '🤝' },
] as const;

/** What StudyBuddy offers (/services). */
export default function ServicesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('services.documentTitle'));
  return (
    <div className="public-page">
      <header className="public-hero public-hero--plain">
        <div className="public-hero__text">
          <h1 className="public-hero__title">{t('services.title')}</h1>
          <p className="public-hero__lead">{t('services.lead')}</p>
        </div>
      </header>
      <ul className="service-list">
        {services.map(({ key, to, icon }) => (
          <li key={key} className={`service service--${key}`}>
            <span className="service__icon" aria-hidden="true">
              {icon}
            </span>
            <div className="service__body">
              <h2 className="service__title">{t(`services.${key}.title`)}</h2>
              <p className="service__text">{t(`services.${key}.text`)}</p>
              <ul className="service__points">
                <li>{t(`services.${key}.point1`)}</li>
                <li>{t(`services.${key}.point2`)}</li>
                <li>{t(`services.${key}.point3`)}</li>
              </ul>
              <Link to={to} className="service__link">
                {t(`services.${key}.cta`)}
                <span aria-hidden="true"> →</span>
              </Link>
            </div>
          </li>
        ))}
      </ul>
      <p className="public-note">{t('services.free')}</p>
    </div>
  );
}
