import { useTranslation } from 'react-i18next';
import { useSite } from '@/features/site/api/get-site';
import { useDocumentTitle } from '@/hooks/use-document-title';
import './public-pages.css';

/** Contact (/contact): the support e-mail, the community chat and the 24-hour promise. */
export default function ContactPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('contact.documentTitle'));
  const site = useSite();
  const links = site.data;
  const pending = (
    <p className="contact-card__pending" aria-busy={site.isPending}>
      {site.isPending ? t('contact.loading') : t('contact.unavailable')}
    </p>
  );
  return (
    <div className="public-page">
      <header className="public-hero public-hero--plain">
        <div className="public-hero__text">
          <h1 className="public-hero__title">{t('contact.title')}</h1>
          <p className="public-hero__lead">{t('contact.lead')}</p>
        </div>
      </header>
      <div className="contact-cards">
        <section className="contact-card" aria-labelledby="contact-email">
          <span className="contact-card__icon" aria-hidden="true">
            ✉️
          </span>
          <h2 id="contact-email" className="contact-card__title">
            {t('contact.email.title')}
          </h2>
          <p>{t('contact.email.text')}</p>
          {links ? (
            <a className="contact-card__link" href={`mailto:${links.supportEmail}`}>
              {links.supportEmail}
            </a>
          ) : (
            pending
          )}
        </section>
        <section className="contact-card" aria-labelledby="contact-community">
          <span className="contact-card__icon" aria-hidden="true">
            💬
          </span>
          <h2 id="contact-community" className="contact-card__title">
            {t('contact.community.title')}
          </h2>
          <p>{t('contact.community.text')}</p>
          {links ? (
            <a className="contact-card__link" href={links.communityUrl} rel="noopener noreferrer">
              {t('contact.community.link')}
            </a>
          ) : (
            pending
          )}
        </section>
      </div>
      <p className="reply-promise">
        <span aria-hidden="true">⏱️ </span>
        {t('contact.replyPromise')}
      </p>
      <section className="public-section" aria-labelledby="contact-tips">
        <h2 id="contact-tips" className="public-section__title">
          {t('contact.tips.title')}
        </h2>
        <ul className="value-list">
          <li>{t('contact.tips.t1')}</li>
          <li>{t('contact.tips.t2')}</li>
          <li>{t('contact.tips.t3')}</li>
        </ul>
      </section>
    </div>
  );
}
