import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { forgetPendingCode, keepPendingCode } from '@/features/classes/utils/pending-code';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/hooks/use-session';
import { JoinClassSection } from './join-class-section';

/**
 * /classes/join?code=...: where a class's join link and QR code lead, the code filled in.
 * Signed out, the code waits in this tab (the dashboard offers it after the login) and the
 * screen says to log in or register first.
 */
export default function ClassJoinPage() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const [search] = useSearchParams();
  const code = search.get('code') ?? '';
  useDocumentTitle(t('classes.join.title'));
  useEffect(() => {
    if (isLoggedIn) forgetPendingCode();
    else keepPendingCode(code);
  }, [isLoggedIn, code]);
  return (
    <div className="page page--narrow">
      <h1 className="page__title">{t('classes.join.title')}</h1>
      {isLoggedIn ? (
        <>
          <JoinClassSection code={code} titled={false} />
          <p>
            <Link to={paths.classes}>{t('classes.backToList')}</Link>
          </p>
        </>
      ) : (
        <div className="card">
          <p>{t('classes.pendingJoin.signIn')}</p>
          <div className="actions">
            <Link to={paths.login} className="button button--primary">
              {t('nav.login')}
            </Link>
            <Link to={paths.register} className="button button--secondary">
              {t('nav.register')}
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
