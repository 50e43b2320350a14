import { type FormEvent, type ReactNode, useState } from 'react';
import type { PayBody, PayKind } from '../../api/premium.ts';
import { Button } from '../../ui/Button.tsx';
import { CardFields } from './CardFields.tsx';
import styles from './Premium.module.css';
import { useCard } from './use-card.ts';
import { usePayment } from './use-payment.ts';

export type Method = 'credit' | 'paypal';

/**
 * The payment part every billing page shares (part 2 §4, §5, §8): the method choice (when offered),
 * the card fields when paying by card, the §5 checks in order, the submit button, the processing
 * flag and the error box. `body(method, card)` is the page's own payload.
 */
export function CheckoutForm({
  kind,
  children,
  methods,
  cardNeeded = true,
  labels,
  body,
  check,
}: {
  kind: PayKind;
  children?: ReactNode;
  /** the methods to choose from; one method shows no choice */
  methods: readonly Method[];
  /** false when no card is asked for at all (a stored card, a free upgrade) */
  cardNeeded?: boolean;
  labels: Record<Method, string>;
  body: (
    method: Method,
    card: Record<'card_number' | 'exp_month' | 'exp_year' | 'cvc', string>,
  ) => Omit<PayBody, 'idempotency_key'>;
  /** the page's own checks before the card's; false stops the submit */
  check?: () => boolean;
}) {
  const [method, setMethod] = useState<Method>(methods[0] ?? 'credit');
  const card = useCard();
  const payment = usePayment(kind);
  const withCard = method === 'credit' && cardNeeded;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (payment.processing) return;
    if (check && !check()) return;
    if (withCard && !card.check()) return;
    const refused = await payment.pay(body(method, withCard ? card.fields() : card.none()));
    if (refused?.field) card.refuse(refused.field, refused.message);
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={payment.processing || undefined}>
      {children}
      {methods.length > 1 ? (
        <fieldset className={styles.choice}>
          <legend>Payment method</legend>
          {methods.map((m) => (
            <label key={m}>
              <input
                type="radio"
                name="method"
                value={m}
                checked={method === m}
                onChange={() => setMethod(m)}
              />
              {m === 'credit' ? 'Credit card' : 'PayPal'}
            </label>
          ))}
        </fieldset>
      ) : null}
      {withCard ? (
        <CardFields card={card.card} onChange={card.change} invalid={card.invalid} refs={card.refs} />
      ) : null}
      {payment.error ? (
        <p role="alert" className={styles.errorBox}>
          {payment.error}
        </p>
      ) : null}
      <div>
        <Button type="submit" variant="primary" busy={payment.processing}>
          {labels[method]}
        </Button>
      </div>
    </form>
  );
}
