import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { toast } from '../../../app/toast';
import type { CardFormHandle } from './cardForm';
import { loadStripe, type StripeClient, type StripeElements } from './stripeJs';

interface StripeCardElementProps {
  publishableKey: string;
  clientSecret: string;
  kind: 'payment' | 'setup';
  /** Where Stripe returns after a redirecting confirmation step (3-D Secure). */
  returnUrl: string;
  onReady: () => void;
}

/** Stripe's Payment Element for a payment or setup intent, confirmed by the modal's button. */
export const StripeCardElement = forwardRef<CardFormHandle, StripeCardElementProps>(
  function StripeCardElement(props, ref) {
    const { publishableKey, clientSecret, kind, returnUrl } = props;
    const target = useRef<HTMLDivElement>(null);
    const stripe = useRef<{ client: StripeClient; elements: StripeElements } | null>(null);
    const readyRef = useRef(props.onReady);
    readyRef.current = props.onReady;

    useEffect(() => {
      let cancelled = false;
      let destroy = () => {};
      loadStripe()
        .then((factory) => {
          if (cancelled || !target.current) return;
          const client = factory(publishableKey);
          const elements = client.elements({ clientSecret });
          const element = elements.create('payment');
          element.on('ready', () => readyRef.current());
          element.mount(target.current);
          stripe.current = { client, elements };
          destroy = () => element.destroy();
        })
        .catch((error: Error) => toast.error(error.message));
      return () => {
        cancelled = true;
        destroy();
      };
    }, [publishableKey, clientSecret]);

    useImperativeHandle(ref, () => ({
      async confirm() {
        const current = stripe.current;
        if (!current) return { status: 'failed', intentId: '', message: null };
        const options = {
          elements: current.elements,
          redirect: 'if_required' as const,
          confirmParams: { return_url: returnUrl },
        };
        const result =
          kind === 'payment'
            ? await current.client.confirmPayment(options)
            : await current.client.confirmSetup(options);
        const intent = result.paymentIntent ?? result.setupIntent;
        if (result.error || !intent) {
          return { status: 'failed', intentId: '', message: result.error?.message ?? null };
        }
        return { status: 'succeeded', intentId: intent.id, message: null };
      },
    }));

    return <div ref={target} />;
  },
);
