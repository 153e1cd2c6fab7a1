import { forwardRef } from 'react';
import type { BillingConfig, IntentResponse } from '../../../api/billing';
import type { CardFormHandle } from './cardForm';
import { SandboxCardFrame } from './SandboxCardFrame';
import { StripeCardElement } from './StripeCardElement';

interface CardFormProps {
  config: BillingConfig;
  intent: IntentResponse;
  kind: 'payment' | 'setup';
  returnUrl: string;
  onReady: () => void;
}

/** The provider's card entry: the sandbox's hosted form, or Stripe's element. */
export const CardForm = forwardRef<CardFormHandle, CardFormProps>(function CardForm(props, ref) {
  const { config, intent } = props;
  if (intent.form_url) {
    return <SandboxCardFrame ref={ref} formUrl={intent.form_url} onReady={props.onReady} />;
  }
  if (config.provider === 'stripe' && config.publishable_key) {
    return (
      <StripeCardElement
        ref={ref}
        publishableKey={config.publishable_key}
        clientSecret={intent.client_secret}
        kind={props.kind}
        returnUrl={props.returnUrl}
        onReady={props.onReady}
      />
    );
  }
  return null;
});
