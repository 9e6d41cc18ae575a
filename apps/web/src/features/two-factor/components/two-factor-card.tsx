import type { TwoFactorSetup } from '@studybuddy/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage, InputField } from '@/components/form-field';
import { errorMessage } from '@/lib/error-message';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useSetupTwoFactor,
  useTwoFactorStatus,
} from '../api/two-factor';
import './two-factor.css';

/**
 * Two-step sign-in on the profile: turned on with the password, a QR code for the authenticator
 * app (or its key typed in) and a first code; then the ten recovery codes, shown once. Turned
 * off with the password and a code (or a recovery code).
 */
export function TwoFactorCard() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const status = useTwoFactorStatus();
  const setup = useSetupTwoFactor();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [scan, setScan] = useState<TwoFactorSetup | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const fail = (e: unknown) => setError(errorMessage(e, t, i18n.language));
  const clear = () => {
    setError(null);
    setDone(null);
  };

  async function startSetup(event: FormEvent) {
    event.preventDefault();
    clear();
    try {
      setScan(await setup.mutateAsync({ password }));
      setPassword('');
    } catch (e) {
      fail(e);
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    clear();
    try {
      setRecovery((await enable.mutateAsync({ code })).recoveryCodes);
      setScan(null);
      setCode('');
    } catch (e) {
      fail(e);
    }
  }

  async function turnOff(event: FormEvent) {
    event.preventDefault();
    clear();
    try {
      await disable.mutateAsync({ password, code });
      setPassword('');
      setCode('');
      setDone(t('twoFactor.off.done'));
    } catch (e) {
      fail(e);
    }
  }

  let body: React.ReactNode = null;
  if (recovery) {
    body = (
      <div className="two-factor__recovery">
        <p>{t('twoFactor.recovery.intro')}</p>
        <ul className="two-factor__codes" aria-label={t('twoFactor.recovery.label')}>
          {recovery.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ul>
        <div className="actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => setRecovery(null)}
          >
            {t('twoFactor.recovery.saved')}
          </button>
        </div>
      </div>
    );
  } else if (scan) {
    body = (
      <form className="form" noValidate onSubmit={confirm}>
        <p>{t('twoFactor.scan.intro')}</p>
        <img
          className="two-factor__qr"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(scan.qrSvg)}`}
          alt={t('twoFactor.scan.qrAlt')}
          width={192}
          height={192}
        />
        <p className="status-text">
          {t('twoFactor.scan.key')} <code className="two-factor__key">{scan.secret}</code>
        </p>
        <TypedField label={t('twoFactor.scan.code')} numeric value={code} onChange={setCode} />
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={enable.isPending}>
            {t('twoFactor.scan.confirm')}
          </button>
        </div>
      </form>
    );
  } else if (status.data?.enabled) {
    body = (
      <form className="form" noValidate onSubmit={turnOff}>
        <p>{t('twoFactor.on.state', { count: status.data.recoveryCodesLeft })}</p>
        <TypedField
          label={t('twoFactor.password')}
          secret
          value={password}
          onChange={setPassword}
        />
        <TypedField label={t('twoFactor.off.code')} value={code} onChange={setCode} />
        <div className="actions">
          <button type="submit" className="button button--secondary" disabled={disable.isPending}>
            {t('twoFactor.off.submit')}
          </button>
        </div>
      </form>
    );
  } else if (status.data) {
    body = (
      <form className="form" noValidate onSubmit={startSetup}>
        <p>{t('twoFactor.intro')}</p>
        <TypedField
          label={t('twoFactor.password')}
          secret
          value={password}
          onChange={setPassword}
        />
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={setup.isPending}>
            {t('twoFactor.on.submit')}
          </button>
        </div>
      </form>
    );
  }

  return (
    <section className="card two-factor" aria-labelledby={titleId}>
      <h2 id={titleId} className="form__section-title">
        {t('twoFactor.title')}
      </h2>
      <FormMessage tone="error">{error}</FormMessage>
      {body}
      <p className="status-text" role="status" aria-live="polite">
        {done}
      </p>
    </section>
  );
}

/**
 * A required field of the card: the password (`secret`) or a code (`one-time-code`, digits only
 * on the phone's keyboard when `numeric`: a recovery code has letters).
 */
function TypedField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  secret?: boolean;
  numeric?: boolean;
}) {
  return (
    <InputField
      label={props.label}
      required
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      {...(props.secret
        ? { type: 'password', autoComplete: 'current-password' }
        : { autoComplete: 'one-time-code', ...(props.numeric ? { inputMode: 'numeric' } : {}) })}
    />
  );
}
