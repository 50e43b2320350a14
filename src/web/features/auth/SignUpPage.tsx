import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type SignUpInput, signUpSchema } from '../../../shared/schemas/auth.ts';
import { useSignUp } from '../../api/auth.ts';
import { ApiError } from '../../api/client.ts';
import { t } from '../../i18n/index.ts';
import { Button } from '../../ui/Button.tsx';
import { type FieldWarnings, fieldWarnings, hasWarnings } from '../../ui/field-errors.ts';
import { TextField } from '../../ui/TextField.tsx';
import styles from './Auth.module.css';
import { AuthRedirect } from './AuthRedirect.tsx';
import { afterSignIn, chosenPlan, withPlan } from './destination.ts';
import { ProviderButtons } from './ProviderButtons.tsx';

const FIELDS = ['name', 'email', 'password'] as const;

export function SignUpPage() {
  const [search] = useSearchParams();
  const plan = chosenPlan(search);
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [values, setValues] = useState<SignUpInput>({ name: '', email: '', password: '' });
  const [warnings, setWarnings] = useState<FieldWarnings<SignUpInput>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const edit = (field: keyof SignUpInput, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // Once warned, a field re-checks as the user types so the warning goes as soon as it is fixed.
    if (warnings[field]) {
      setWarnings((w) => ({
        ...w,
        [field]: fieldWarnings(signUpSchema, { ...values, [field]: value })[field],
      }));
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const found = fieldWarnings(signUpSchema, values);
    setWarnings(found);
    if (hasWarnings(found)) {
      const first = FIELDS.find((f) => found[f]);
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    signUp.mutate(values, {
      onSuccess: (reply) => navigate(afterSignIn(reply.name, plan)),
      onError: (error) => {
        const field = error instanceof ApiError ? error.field : undefined;
        if (field && (FIELDS as readonly string[]).includes(field)) {
          setWarnings({ [field]: error.message });
        } else {
          setFormError(error.message);
        }
      },
    });
  };

  return (
    <div className={styles.page}>
      <AuthRedirect plan={plan} pending={signUp.isPending || signUp.isSuccess} />
      <title>{t('signUp.documentTitle')}</title>
      <div className={styles.card}>
        <h1 className={styles.title}>{t('signUp.title')}</h1>
        <p className={styles.lead}>{t('signUp.lead')}</p>
        <form className={styles.form} onSubmit={submit} noValidate>
          {formError ? (
            <p className={styles.formError} role="alert">
              {formError}
            </p>
          ) : null}
          <TextField
            label={t('signUp.name')}
            name="name"
            autoComplete="username"
            value={values.name}
            warning={warnings.name}
            hint={t('signUp.nameHint')}
            onChange={(e) => edit('name', e.target.value)}
          />
          <TextField
            label={t('signUp.email')}
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            warning={warnings.email}
            onChange={(e) => edit('email', e.target.value)}
          />
          <TextField
            label={t('signUp.password')}
            name="password"
            type="password"
            autoComplete="new-password"
            value={values.password}
            warning={warnings.password}
            hint={t('signUp.passwordHint')}
            onChange={(e) => edit('password', e.target.value)}
          />
          <Button type="submit" variant="primary" busy={signUp.isPending} className={styles.submit}>
            {t('signUp.submit')}
          </Button>
        </form>
        <ProviderButtons />
        <p className={styles.switch}>
          {t('signUp.haveAccount')} <Link to={withPlan('/sign-in', plan)}>{t('signUp.signIn')}</Link>
        </p>
      </div>
    </div>
  );
}
