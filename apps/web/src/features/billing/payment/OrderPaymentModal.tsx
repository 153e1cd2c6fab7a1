import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Select,
  Stack,
  Switch,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { agreementText } from '@waymark/domain';
import {
  createPaymentIntent,
  useBillingConfig,
  usePaymentMethods,
  type IntentResponse,
  type OrderRef,
} from '../../../api/billing';
import { ApiError } from '../../../api/client';
import type { ModalBodyProps } from '../../../app/modals/modalBody';
import { modals } from '../../../app/modals/modalQueue';
import { goTo } from '../../../app/navigation';
import { useCurrentAccount } from '../../../app/session/useSession';
import { toast } from '../../../app/toast';
import { cardLabel } from '../format';
import { CardForm } from './CardForm';
import type { CardFormHandle } from './cardForm';
import { canSubmitPayment, initialCard } from './paymentForm';
import { successPath, useOrderForPayment } from './useOrderForPayment';

const INITIALISING = 'Payment system initialization...';

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : null);

/**
 * The order payment modal (spec 002 §2.8, §4.5): a saved card ('Use default', 'Select your
 * card') or the provider's card form, the agreement checkbox, 'Submit Payment'.
 */
export function OrderPaymentModal({ close, props }: ModalBodyProps) {
  const ref = props.order as OrderRef;
  const account = useCurrentAccount();
  const order = useOrderForPayment(ref);
  const config = useBillingConfig();
  // The public page pays without a login: no saved cards there.
  const ownOrder = ref.kind === 'order' && account !== null;
  const cards = usePaymentMethods(ownOrder ? account.id : 0, ownOrder);
  const savedCards = useMemo(() => (ownOrder ? (cards.data ?? []) : []), [ownOrder, cards.data]);
  const cardsLoading = ownOrder && cards.isPending;

  // Spec 002 §4.5: with saved cards, start on the default (or first) card, toggle on.
  const [savedChoice, setSavedChoice] = useState<boolean | null>(null);
  const [chosenCard, setCardId] = useState<string | null>(null);
  const useSaved = cardsLoading ? null : (savedChoice ?? savedCards.length > 0);
  const firstCard = initialCard(savedCards);
  const cardId = chosenCard ?? (firstCard ? String(firstCard.id) : null);
  const [agreed, setAgreed] = useState(true);
  const [inProgress, setInProgress] = useState(false);
  const [intent, setIntent] = useState<IntentResponse | null>(null);
  const [formReady, setFormReady] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useRef<CardFormHandle>(null);

  // Without a saved card the provider's form needs an intent to confirm.
  const wantsForm = useSaved === false;
  useEffect(() => {
    if (!wantsForm || intent) return;
    let cancelled = false;
    createPaymentIntent(ref, {})
      .then((next) => !cancelled && setIntent(next))
      .catch((error: unknown) => {
        toast.error(errorText(error));
        close();
      });
    return () => {
      cancelled = true;
    };
  }, [wantsForm, intent, ref, close]);

  const orderId = order.data?.id ?? 0;
  const finish = useCallback(
    (intentId: string | null) => {
      close();
      goTo(successPath(ref, orderId, intentId));
    },
    [close, ref, orderId],
  );

  // Back to the invoice this modal came from; the public page has its invoice behind it.
  const goBack = () => {
    close();
    if (ref.kind === 'order') modals.open('order-invoice', { orderId: ref.id, mode: 'pay' });
  };

  const submit = async () => {
    if (!agreed || inProgress) return;
    setInProgress(true);
    setFailure(null);
    try {
      if (useSaved) {
        const paid = await createPaymentIntent(ref, { payment_method_id: Number(cardId) });
        if (paid.status === 'failed') setFailure(paid.error);
        else if (paid.status === 'requires_action' && paid.form_url) setIntent(paid);
        else finish(paid.id);
        return;
      }
      const result = await form.current?.confirm();
      if (result?.status === 'succeeded') finish(result.intentId || intent?.id || null);
      else setFailure(result?.message ?? null);
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setInProgress(false);
    }
  };

  const loading = order.isPending || config.isPending || useSaved === null;
  if (loading) {
    return (
      <Group>
        <Loader size="sm" />
        <Text>{INITIALISING}</Text>
      </Group>
    );
  }
  if (!order.data || !config.data) return <Text>{INITIALISING}</Text>;

  const showForm = intent !== null && (!useSaved || intent.status === 'requires_action');
  const body = (
    <Stack>
      {savedCards.length > 0 && (
        <Switch
          label="Use default"
          checked={Boolean(useSaved)}
          onChange={(e) => {
            setSavedChoice(e.currentTarget.checked);
            setFailure(null);
          }}
        />
      )}
      {useSaved && !showForm && (
        <Select
          aria-label="Saved card"
          placeholder="Select your card"
          data={savedCards.map((c) => ({ value: String(c.id), label: cardLabel(c) }))}
          value={cardId}
          onChange={setCardId}
          allowDeselect={false}
        />
      )}
      {showForm && (
        <>
          {!formReady && <Text c="dimmed">{INITIALISING}</Text>}
          <CardForm
            ref={form}
            config={config.data}
            intent={intent}
            kind="payment"
            returnUrl={new URL(successPath(ref, orderId, null), window.location.href).href}
            onReady={() => setFormReady(true)}
          />
        </>
      )}
      {!showForm && wantsForm && <Text c="dimmed">{INITIALISING}</Text>}
    </Stack>
  );

  const enabled = canSubmitPayment({
    agreed,
    cardsLoading,
    inProgress,
    useSaved: Boolean(useSaved) && !showForm,
    savedCardId: cardId,
    cardFormReady: formReady,
  });

  return (
    <Stack>
      <div>
        <Title order={3} size="h4">
          Payment details
        </Title>
        <Text c="dimmed">Order #{order.data.id}</Text>
      </div>
      {account?.is_b2b_account ? (
        <Tabs defaultValue="card">
          <Tabs.List>
            <Tabs.Tab value="card">Credit Card</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="card" pt="md">
            {body}
          </Tabs.Panel>
        </Tabs>
      ) : (
        body
      )}
      {failure !== null && (
        <Alert color="red" role="alert">
          {failure || 'The payment did not go through.'}
        </Alert>
      )}
      <Checkbox
        checked={agreed}
        onChange={(e) => setAgreed(e.currentTarget.checked)}
        label={agreementText(order.data.billingTerm, order.data.payments)}
        error={!agreed}
      />
      <Group justify="space-between">
        <Button variant="default" onClick={goBack}>
          Go Back
        </Button>
        <Button onClick={() => void submit()} disabled={!enabled}>
          {inProgress ? 'Processing...' : 'Submit Payment'}
        </Button>
      </Group>
    </Stack>
  );
}
