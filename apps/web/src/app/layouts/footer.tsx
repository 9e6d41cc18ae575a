import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OctopusMascot } from '@/components/octopus-mascot';
import { paths } from '@/config/paths';
import { useSite } from '@/features/site/api/get-site';
import './footer.css';

const pageLinks = [
  { to: paths.about, labelKey: 'nav.about' },
  { to: paths.blog, labelKey: 'nav.blog' },
  { to: paths.contact, labelKey: 'nav.contact' },
  { to: paths.services, labelKey: 'nav.services' },
] as const;

/**
 * Support e-mail, social and code links (docs/product.md, Screens) as this instance's server
 * configures them (GET /api/site), plus the public pages. Until the links arrive their place is
 * held empty, so nothing jumps; if they cannot be loaded the footer simply goes without them.
 */
export function Footer() {
  const { t } = useTranslation();
  const site = useSite();
  const links = site.data;
  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <OctopusMascot className="footer__mascot" />
          <p className="footer__tagline">{t('footer.tagline')}</p>
        </div>
        <nav className="footer__column" aria-labelledby="footer-explore">
          <h2 id="footer-explore" className="footer__heading">
            {t('footer.explore')}
          </h2>
          <ul className="footer__links">
            {pageLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{t(link.labelKey)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="footer__column">
          <h2 className="footer__heading">{t('footer.connect')}</h2>
          {links ? (
            <ul className="footer__links">
              <li>
                <a href={`mailto:${links.supportEmail}`}>
                  {t('footer.support', { email: links.supportEmail })}
                </a>
              </li>
              <li>
                <a href={links.socialUrl} rel="noopener noreferrer">
                  {t('footer.social')}
                </a>
              </li>
              <li>
                <a href={links.codeUrl} rel="noopener noreferrer">
                  {t('footer.code')}
                </a>
              </li>
            </ul>
          ) : site.isPending ? (
            <p className="footer__pending" aria-busy="true">
              {t('footer.loadingLinks')}
            </p>
          ) : (
            <p className="footer__pending">{t('footer.linksUnavailable')}</p>
          )}
        </div>
        <p className="footer__legal">{t('footer.legal', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
