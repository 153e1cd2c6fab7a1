import { useSearchParams } from 'react-router';
import { PaymentThanks } from './PaymentThanks';

/** PaymentSuccessView (spec 002 §2.5): where the payment provider sends the payer back. */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order_id');
  return <PaymentThanks>{orderId ? `Order #${orderId} has been paid.` : null}</PaymentThanks>;
}
