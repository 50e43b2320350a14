import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { PLANS } from '../../../shared/plans.ts';
import { emailSchema } from '../../../shared/schemas/auth.ts';
import { usePremiumInfo } from '../../api/premium.ts';
import { buttonClass } from '../../ui/Button.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { CheckoutForm } from './CheckoutForm.tsx';
import { Loading } from './PayPage.tsx';
import styles from './Premium.module.css';
import { dollars } from './rules.ts';

/** /premium/gift: one year of Professional for a recipient's e-mail (part 2 §2, §9). */
export function GiftPage() {
  const info = usePremiumInfo();
  const [recipient, setRecipient] = useState('');
  const [message, setMessage] = useState('');
  const [warning, setWarning] = useState<string | undefined>();
  const recipientRef = useRef<HTMLInputElement>(null);
  if (!info.data) return <Loading failed={Boolean(info.error)} title="Give Folio Professional" />;
  const price = info.data.professional.yearPrice ?? PLANS.professional.yearPrice ?? 0;

  const check = () => {
    const parsed = emailSchema.safeParse(recipient.trim());
    setWarning(
      parsed.success ? undefined : (parsed.error.issues[0]?.message ?? 'Please enter an e-mail address.'),
    );
    if (!parsed.success) recipientRef.current?.focus();
    return parsed.success;
  };

  return (
    <div className={styles.narrow}>
      <PageHeader
        title="Give Folio Professional"
        description={`One year of Professional for someone else, ${dollars(price)}. They get an e-mail with a link to redeem it.`}
      />
      {info.data.signedIn ? (
        <CheckoutForm
          kind="gift"
          methods={['credit', 'paypal']}
          labels={{ credit: 'Confirm and Pay', paypal: 'Continue to Paypal' }}
          check={check}
          body={(method, card) => ({ recipient: recipient.trim(), method, message: message.trim(), ...card })}
        >
          <TextField
            label="Recipient's email"
            name="recipient"
            type="email"
            autoComplete="off"
            value={recipient}
            onChange={(e) => {
              setRecipient(e.target.value);
              setWarning(undefined);
            }}
            warning={warning}
            ref={recipientRef}
          />
          <TextField
            label="Message (optional)"
            name="message"
            multiline
            maxLength={500}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        </CheckoutForm>
      ) : (
        <p className={styles.links}>
          <Link className={buttonClass('primary')} to="/sign-in?next=/premium/gift">
            Sign in to buy a gift
          </Link>
        </p>
      )}
      <p className={styles.links}>
        <Link to="/premium">See all plans</Link>
      </p>
    </div>
  );
}
