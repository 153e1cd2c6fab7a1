import { useSearchParams } from 'react-router';
import { PaymentThanks } from './PaymentThanks';

/** /approve-order-success: the public order was paid (spec 002 §2.1, §2.5). */
export function ApproveOrderSuccessPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order_id');
  return (
    <PaymentThanks>
      {orderId ? `Order #${orderId} is approved and paid.` : 'Your order is approved and paid.'} A
      receipt is on its way to your e-mail.
    </PaymentThanks>
  );
}
