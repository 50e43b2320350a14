import { type FormEvent, type ReactNode, useState } from 'react';
import type { TwoFactorSetupReply } from '../../../shared/schemas/two-factor.ts';
import {
  useTwoFactorDisable,
  useTwoFactorEnable,
  useTwoFactorSetup,
  useTwoFactorStatus,
} from '../../api/two-factor.ts';
import { t } from '../../i18n/index.ts';
import { Button } from '../../ui/Button.tsx';
import { QrCode } from '../../ui/QrCode.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { Status } from './ProfileSection.tsx';
import styles from './Settings.module.css';

/**
 * Two-factor sign-in: set up (the otpauth:// link as a QR code drawn here, as a link and the secret as text, confirmed by a first
 * code), the recovery codes shown once, and turning it off with the password and a code.
 */
export function TwoFactorSection({ hidePassword }: { hidePassword: boolean }) {
  const status = useTwoFactorStatus();
  const setup = useTwoFactorSetup();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  let body: ReactNode;
  if (recoveryCodes) body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  else if (!status.data)
    body = (
      <p className={status.error ? styles.error : styles.muted} role={status.error ? 'alert' : undefined}>
        {status.error ? status.error.message : t('settings.loading')}
      </p>
    );
  else if (status.data.enabled)
    body = <DisableForm codesLeft={status.data.recoveryCodesLeft} hidePassword={hidePassword} />;
  else if (setup.data)
    body = <EnrolForm setup={setup.data} onEnabled={setRecoveryCodes} onCancel={() => setup.reset()} />;
  else
    body = (
      <>
        <p className={styles.muted}>{t('twoFactor.off')}</p>
        <div className={styles.row}>
          <Button onClick={() => setup.mutate()} busy={setup.isPending}>
            {t('twoFactor.start')}
          </Button>
        </div>
        <Status m={setup} />
      </>
    );

  return (
    <section className={styles.section} aria-labelledby="two-factor-h">
      <h3 id="two-factor-h">{t('twoFactor.title')}</h3>
      {body}
    </section>
  );
}

function EnrolForm({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetupReply;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const enable = useTwoFactorEnable();
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    enable.mutate({ code: code.trim() }, { onSuccess: (reply) => onEnabled(reply.recoveryCodes) });
  };
  return (
    <>
      <p>{t('twoFactor.scan')}</p>
      <p className={styles.qr}>
        <QrCode text={setup.uri} label={t('twoFactor.qr')} />
      </p>
      <p>
        <a href={setup.uri}>{t('twoFactor.openInApp')}</a>
      </p>
      <p>
        {t('twoFactor.secret')}: <code className={styles.secret}>{setup.secret}</code>
      </p>
      <form className={styles.form} onSubmit={submit}>
        <TextField
          label={t('twoFactor.firstCode')}
          name="totp"
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <div className={styles.row}>
          <Button type="submit" variant="primary" busy={enable.isPending}>
            {t('twoFactor.confirm')}
          </Button>
          <Button onClick={onCancel}>{t('twoFactor.cancel')}</Button>
        </div>
        <Status m={enable} />
      </form>
    </>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <>
      <p className={styles.ok} role="status">
        {t('twoFactor.on')}
      </p>
      <h4>{t('twoFactor.recoveryTitle')}</h4>
      <p className={styles.muted}>{t('twoFactor.recoveryLead')}</p>
      <ul className={styles.codes} aria-label={t('twoFactor.recoveryTitle')}>
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <div className={styles.row}>
        <Button onClick={onDone}>{t('twoFactor.recoveryDone')}</Button>
      </div>
    </>
  );
}

function DisableForm({ codesLeft, hidePassword }: { codesLeft: number; hidePassword: boolean }) {
  const disable = useTwoFactorDisable();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    disable.mutate({ password, code: code.trim() });
  };
  return (
    <>
      <p>{t('twoFactor.on')}</p>
      <p className={styles.muted}>{t('twoFactor.codesLeft', { count: codesLeft })}</p>
      <form className={styles.form} onSubmit={submit}>
        {hidePassword ? null : (
          <TextField
            label={t('settings.password')}
            name="twoFactorPassword"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
        <TextField
          label={t('twoFactor.code')}
          name="twoFactorCode"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <Button type="submit" busy={disable.isPending}>
          {t('twoFactor.disable')}
        </Button>
        <Status m={disable} />
      </form>
    </>
  );
}
