import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatJoinCode } from '../utils/join-code';
import { forgetPendingCode, pendingCode } from '../utils/pending-code';

/**
 * A join link opened while signed out: after the login (which lands on the dashboard) the code
 * is offered here, once, to join with or to set aside.
 */
export function PendingClassJoin() {
  const { t } = useTranslation();
  const [code, setCode] = useState(pendingCode);
  if (!code) return null;
  const dismiss = () => {
    forgetPendingCode();
    setCode(null);
  };
  return (
    <div className="form-message form-message--success pending-class-join" role="status">
      <p>{t('classes.pendingJoin.text', { code: formatJoinCode(code) })}</p>
      <div className="actions">
        <Link to={paths.classJoin(code)} className="button button--primary button--small">
          {t('classes.join.submit')}
        </Link>
        <button type="button" className="button button--ghost button--small" onClick={dismiss}>
          {t('classes.pendingJoin.dismiss')}
        </button>
      </div>
    </div>
  );
}
