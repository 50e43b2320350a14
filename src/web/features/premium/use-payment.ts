import { useRef, useState } from 'react';
import { newIdempotencyKey, type PayBody, type PayKind, submitPayment } from '../../api/premium.ts';

/**
 * A payment form's submit (part 2 §4, §8): a processing flag blocks a second submit while one runs;
 * status 1 sends the browser to redirect_to; any other status shows the message in the error box.
 * Each attempt carries one idempotency key: it is kept when no answer came (a retry may be the same
 * charge) and renewed once the server answered (a new card is a new attempt).
 */
export function usePayment(kind: PayKind) {
  const busy = useRef(false);
  const key = useRef(newIdempotencyKey());
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const pay = async (
    body: Omit<PayBody, 'idempotency_key'>,
  ): Promise<{ field?: string | undefined; message: string } | undefined> => {
    if (busy.current) return undefined;
    busy.current = true;
    setProcessing(true);
    setError(null);
    const { reply, answered, field } = await submitPayment(kind, {
      ...body,
      idempotency_key: key.current,
    } as PayBody);
    if (reply.status === 1) {
      // the page is left: processing stays on so nothing is sent twice meanwhile
      window.location.assign(reply.redirect_to || '/premium');
      return undefined;
    }
    if (answered) key.current = newIdempotencyKey();
    busy.current = false;
    setProcessing(false);
    setError(reply.message);
    return { field, message: reply.message };
  };

  return { pay, processing, error, setError };
}
