import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PLANS } from '../../../shared/plans.ts';
import { PREMIUM_MSG } from '../../../shared/schemas/premium.ts';
import type { UserSettingReply } from '../../../shared/schemas/settings.ts';
import { ApiError } from '../../api/client.ts';
import { useChangeCreditCard, usePremiumInfo } from '../../api/premium.ts';
import { t } from '../../i18n/index.ts';
import { Button } from '../../ui/Button.tsx';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { CardFields } from '../premium/CardFields.tsx';
import { type CardField, type CardInput, EMPTY_CARD, settingsCardError } from '../premium/card-rules.ts';
import { CancelDialog, CancelledView } from '../premium/PremiumPage.tsx';
import { cancelVisible } from '../premium/rules.ts';
import { billingDate } from '../premium/source-cookies.ts';
import styles from './Settings.module.css';

/**
 * Settings' Premium (part 2 §2, §3): the plan, next billing date, payment method, the masked card with
 * the Change credit card form, and Cancel subscription. Free accounts get a Go premium link.
 */
export function PremiumSection({ s }: { s: UserSettingReply }) {
  const info = usePremiumInfo();
  const [cancelOpen, setCancelOpen] = useState(false);
  const [cancelledHere, setCancelledHere] = useState(false);
  const p = s.premium;
  const i = info.data;
  const plan = p.servicePlan;
  return (
    <section className={styles.section} aria-labelledby="premium-h">
      <h2 id="premium-h">{t('settings.premium')}</h2>
      {!p.isPremium ? (
        <p>
          {t('settings.freePlan')} <Link to="/premium?f=setting">{t('settings.goPremium')}</Link>
        </p>
      ) : s.teamMember ? (
        <p>Your plan comes with your team: {PLANS[plan].label}.</p>
      ) : (
        <>
          <dl className={styles.facts}>
            <dt>Plan</dt>
            <dd>
              {PLANS[plan].label}
              {i?.planUnit ? `, ${i.planUnit === 'year' ? 'yearly' : 'monthly'}` : ''}
            </dd>
            {p.sinceDate ? (
              <>
                <dt>Member since</dt>
                <dd>{billingDate(p.sinceDate)}</dd>
              </>
            ) : null}
            <dt>{i?.cancelled || i?.expireTime ? 'Premium until' : 'Next billing date'}</dt>
            <dd>{billingDate(i?.expireTime ?? p.nextBillingDate)}</dd>
            <dt>Payment method</dt>
            <dd>{p.paymentMethod === 'paypal' ? 'PayPal' : p.paymentMethod ? 'Credit card' : '—'}</dd>
            {i?.creditCardNum ? (
              <>
                <dt>Card</dt>
                <dd data-testid="card-number">{i.creditCardNum}</dd>
              </>
            ) : null}
          </dl>
          <p className={styles.row}>
            {p.canUpgrade ? <Link to="/premium">Upgrade</Link> : null}
            {i && (i.cancelled || i.expireTime !== null) && !cancelledHere ? (
              <Link to="/premium/resubscribe">Resubscribe</Link>
            ) : null}
          </p>
          {i?.method === 'card' && i.creditCardNum ? <ChangeCardForm /> : null}
          {cancelledHere ? <CancelledView /> : null}
          {i && cancelVisible(plan, i, cancelledHere) ? (
            <p className={styles.row}>
              <Button variant="danger" onClick={() => setCancelOpen(true)}>
                Cancel subscription
              </Button>
            </p>
          ) : null}
          <CancelDialog
            open={cancelOpen}
            onOpenChange={setCancelOpen}
            nextBillingDate={i?.nextBillingDate ?? p.nextBillingDate}
            onCancelled={() => {
              setCancelOpen(false);
              setCancelledHere(true);
            }}
          />
        </>
      )}
    </section>
  );
}

/** what the server names a refused field (part 2 §5), as the card fields name it */
const SERVER_FIELDS: Record<string, CardField> = {
  number: 'card_number',
  year: 'exp_year',
  cvc: 'cvc',
  type: 'card_number',
};
const RULE_FIELDS: Record<'number' | 'month' | 'year' | 'cvc', CardField> = {
  number: 'card_number',
  month: 'exp_month',
  year: 'exp_year',
  cvc: 'cvc',
};

/** Change credit card (part 2 §5): number, month, year (this one and the next 19), cvc, in that order. */
export function ChangeCardForm() {
  const change = useChangeCreditCard();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [card, setCard] = useState<CardInput>(EMPTY_CARD);
  const [invalid, setInvalid] = useState<{ field: CardField; message: string } | null>(null);
  const refs = useRef<Partial<Record<CardField, HTMLInputElement | HTMLSelectElement | null>>>({}).current;
  const edit = (next: CardInput) => {
    setCard(next);
    if (invalid && next[invalid.field] !== card[invalid.field]) setInvalid(null);
  };
  const refuse = (field: CardField, message: string) => {
    setInvalid({ field, message });
    refs[field]?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const body = {
      number: card.card_number.replace(/\s+/g, ''),
      month: card.exp_month,
      year: card.exp_year,
      cvc: card.cvc.trim(),
    };
    const error = settingsCardError(body);
    if (error) return refuse(RULE_FIELDS[error.field], error.message);
    change.mutate(body, {
      onSuccess: (reply) => {
        if (reply.code === 1) {
          notify({ text: PREMIUM_MSG.changeCardOk, kind: 'done' });
          setCard(EMPTY_CARD);
          setOpen(false);
        } else {
          notify({ text: reply.message || PREMIUM_MSG.changeCardFailed, kind: 'error' });
        }
      },
      onError: (err) => {
        const field = err instanceof ApiError && err.field ? SERVER_FIELDS[err.field] : undefined;
        if (field && err.message) refuse(field, err.message);
        else notify({ text: PREMIUM_MSG.changeCardFailed, kind: 'error' });
      },
    });
  };

  if (!open) {
    return (
      <p className={styles.row}>
        <Button onClick={() => setOpen(true)}>Change credit card</Button>
      </p>
    );
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Change credit card">
      <CardFields card={card} onChange={edit} invalid={invalid} refs={refs} />
      <div className={styles.row}>
        <Button type="submit" variant="primary" busy={change.isPending}>
          Save card
        </Button>
        <Button
          onClick={() => {
            setOpen(false);
            setInvalid(null);
          }}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The Gift rows (part 2 §3): purchaseDate, recipient, servicePlan, status, link. */
export function GiftSection({ s }: { s: UserSettingReply }) {
  return (
    <section className={styles.section} aria-labelledby="gift-h">
      <h2 id="gift-h">{t('settings.gift')}</h2>
      <table className={styles.gifts}>
        <thead>
          <tr>
            <th scope="col">Purchased</th>
            <th scope="col">Recipient</th>
            <th scope="col">Plan</th>
            <th scope="col">Status</th>
            <th scope="col">Link</th>
          </tr>
        </thead>
        <tbody>
          {s.premium.gifts.map((g) => (
            <tr key={g.link}>
              <td>{billingDate(g.purchaseDate)}</td>
              <td>{g.recipient}</td>
              <td>{g.servicePlan}</td>
              <td>{g.status === 'redeemed' ? 'Redeemed' : 'Sent'}</td>
              <td>
                <a href={g.link}>Redeem link</a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
