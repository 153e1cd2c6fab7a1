import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  Address,
  AddressCreate,
  IntentResponse,
  Order,
  OrderListItem,
  PageMeta,
  PaymentIntentRequest,
  PaymentMethod,
  Product,
  PublicOrder,
  Subscription,
} from '@waymark/domain';
import { downloadFile, request, requestList } from './client';

export type {
  Address,
  IntentResponse,
  InvoiceItem,
  Order,
  OrderListItem,
  OrderSummary,
  Payment,
  PaymentMethod,
  PublicOrder,
  Subscription,
} from '@waymark/domain';

export interface ListQuery {
  page: number;
  perPage: number;
  status?: string | null;
}

export const billingKeys = {
  subscriptions: (accountId: number) => ['accounts', accountId, 'subscriptions'] as const,
  subscription: (id: number) => ['subscriptions', id] as const,
  orders: (accountId: number) => ['accounts', accountId, 'orders'] as const,
  order: (id: number) => ['orders', id] as const,
  publicOrder: (uuid: string) => ['public-orders', uuid] as const,
  addresses: (accountId: number) => ['accounts', accountId, 'addresses'] as const,
  paymentMethods: (accountId: number) => ['accounts', accountId, 'payment-methods'] as const,
};

const listParams = (q: ListQuery) => ({ page: q.page, per_page: q.perPage, status: q.status });

export function useSubscriptions(accountId: number, q: ListQuery) {
  return useQuery({
    queryKey: [...billingKeys.subscriptions(accountId), q],
    queryFn: ({ signal }) =>
      requestList<Subscription, PageMeta>(`/accounts/${accountId}/subscriptions`, {
        query: { ...listParams(q), include: 'devices,devices.model' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSubscription(id: number) {
  return useQuery({
    queryKey: billingKeys.subscription(id),
    queryFn: ({ signal }) =>
      request<Subscription>(`/subscriptions/${id}`, {
        query: { include: 'devices,price' },
        signal,
      }),
  });
}

export function useSubscriptionOrders(id: number) {
  return useQuery({
    queryKey: [...billingKeys.subscription(id), 'orders'],
    queryFn: ({ signal }) => request<OrderListItem[]>(`/subscriptions/${id}/orders`, { signal }),
  });
}

/** Invalidates a subscription and the lists it shows in, after a status change. */
function useSubscriptionRefresh() {
  const queryClient = useQueryClient();
  return (subscription: Subscription) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: billingKeys.subscription(subscription.id) }),
      queryClient.invalidateQueries({
        queryKey: billingKeys.subscriptions(subscription.account_id),
      }),
      queryClient.invalidateQueries({ queryKey: billingKeys.orders(subscription.account_id) }),
    ]);
}

export function useSetSubscriptionStatus() {
  const refresh = useSubscriptionRefresh();
  return useMutation({
    mutationFn: (v: { id: number; status: string }) =>
      request<Subscription>(`/subscriptions/${v.id}/status`, {
        method: 'PUT',
        body: { status: v.status },
        globalErrors: false,
      }),
    onSuccess: refresh,
  });
}

export interface ActivationResponse {
  subscription: Subscription;
  order: Order;
  payment_intent: IntentResponse | null;
}

/** Reactivation: a new subscription for `months` and the order that pays for it. */
export function useActivateSubscription() {
  const refresh = useSubscriptionRefresh();
  return useMutation({
    mutationFn: (v: { id: number; months: number }) =>
      request<ActivationResponse>(`/subscriptions/${v.id}/activation`, {
        method: 'POST',
        body: { months: v.months },
        globalErrors: false,
      }),
    onSuccess: (data) => refresh(data.subscription),
  });
}

export function useOrders(accountId: number, q: ListQuery) {
  return useQuery({
    queryKey: [...billingKeys.orders(accountId), q],
    queryFn: ({ signal }) =>
      requestList<OrderListItem, PageMeta>(`/accounts/${accountId}/orders`, {
        query: { ...listParams(q), include: 'orderItemsCount' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useOrder(id: number, enabled = true) {
  return useQuery({
    queryKey: billingKeys.order(id),
    enabled,
    queryFn: ({ signal }) =>
      request<Order>(`/orders/${id}`, {
        query: { include: 'account,billingAddress,shippingAddress,invoiceItems,payments' },
        // A missing order shows 'Not found' in place (spec 002 §2.3), not the 404 page.
        notFoundPage: false,
        signal,
      }),
    retry: false,
  });
}

export function useOrderSubscriptions(id: number) {
  return useQuery({
    queryKey: [...billingKeys.order(id), 'subscriptions'],
    queryFn: ({ signal }) => request<Subscription[]>(`/orders/${id}/subscriptions`, { signal }),
  });
}

export function usePublicOrder(uuid: string, enabled = true) {
  return useQuery({
    queryKey: billingKeys.publicOrder(uuid),
    enabled,
    queryFn: ({ signal }) =>
      request<PublicOrder>(`/public-orders/${uuid}`, { notFoundPage: false, signal }),
    retry: false,
  });
}

export const downloadOrderPdf = (id: number) =>
  downloadFile(`/orders/${id}/generate-pdf`, {}, `invoice-${id}.pdf`);
export const downloadPaymentPdf = (id: number) =>
  downloadFile(`/payments/${id}/generate-pdf`, {}, `invoice-payment-${id}.pdf`);

const fetchAddresses = (accountId: number, signal: AbortSignal, globalErrors = true) =>
  request<Address[]>(`/accounts/${accountId}/addresses`, { signal, globalErrors });

/**
 * Spec 002 §2.2: opening the app on the Addresses tab asks for the addresses while the
 * screen's code loads; useAddresses() picks them up. Quiet on failure, like the other preloads.
 */
export function prefetchAddresses(
  queryClient: QueryClient,
  path: string,
  accountId: number | null,
) {
  if (accountId === null || !/^\/manage\/addresses\/?(\?|$)/.test(path)) return;
  void queryClient.prefetchQuery({
    queryKey: billingKeys.addresses(accountId),
    queryFn: ({ signal }) => fetchAddresses(accountId, signal, false),
  });
}

export function useAddresses(accountId: number) {
  return useQuery({
    queryKey: billingKeys.addresses(accountId),
    queryFn: ({ signal }) => fetchAddresses(accountId, signal),
  });
}

export function useAddAddress(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: AddressCreate) =>
      request<Address>(`/accounts/${accountId}/addresses`, {
        method: 'POST',
        body: address,
        globalErrors: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.addresses(accountId) }),
  });
}

export function useSetDefaultAddress(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request<Address>(`/accounts/${accountId}/addresses/${id}`, {
        method: 'PUT',
        body: { is_default: 1 },
        globalErrors: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.addresses(accountId) }),
  });
}

export function useDeleteAddress(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      request<null>(`/accounts/${accountId}/addresses/${id}`, {
        method: 'DELETE',
        globalErrors: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.addresses(accountId) }),
  });
}

export function usePaymentMethods(accountId: number, enabled = true) {
  return useQuery({
    queryKey: billingKeys.paymentMethods(accountId),
    enabled,
    queryFn: ({ signal }) =>
      // Spec 002 §7.3: the list is data.data of the response.
      request<{ data: PaymentMethod[] }>(`/accounts/${accountId}/payment-methods`, {
        signal,
      }).then((body) => body.data),
  });
}

export function useSetDefaultPaymentMethod(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: PaymentMethod['id']) =>
      request<PaymentMethod>(`/accounts/${accountId}/payment-methods/${id}`, {
        method: 'PUT',
        body: { default: true },
        globalErrors: false,
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: billingKeys.paymentMethods(accountId) }),
  });
}

export function useDeletePaymentMethod(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: PaymentMethod['id']) =>
      request<null>(`/accounts/${accountId}/payment-methods/${id}`, {
        method: 'DELETE',
        globalErrors: false,
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: billingKeys.paymentMethods(accountId) }),
  });
}

/** Where the provider is, for the card form: the sandbox's iframe or Stripe.js. */
export interface BillingConfig {
  provider: 'sandbox' | 'stripe';
  publishable_key: string | null;
}

export function useBillingConfig() {
  return useQuery({
    queryKey: ['billing', 'config'],
    queryFn: () => request<BillingConfig>('/billing/config'),
    staleTime: Infinity,
  });
}

/** Who pays: a signed-in account's order by id, or the public approve page's by uuid. */
export type OrderRef = { kind: 'order'; id: number } | { kind: 'public'; uuid: string };

/** Starts paying the order's next due payment, with a saved card or through the card form. */
export function createPaymentIntent(ref: OrderRef, body: PaymentIntentRequest) {
  const path =
    ref.kind === 'order'
      ? `/orders/${ref.id}/payment-intent`
      : `/public-orders/${ref.uuid}/payment-intent`;
  return request<IntentResponse>(path, { method: 'POST', body, globalErrors: false });
}

/** A setup intent for a new card (spec 002 §4.6): the card form saves it. */
export function createSetupIntent(accountId: number) {
  return request<IntentResponse>(`/accounts/${accountId}/payment-methods`, {
    method: 'POST',
    globalErrors: false,
  });
}

/** Asks whether the setup intent's card is saved yet: a PaymentMethod once it is. */
export function refreshSetupIntent(intentId: string) {
  return request<PaymentMethod | IntentResponse>(`/setup-intents/${intentId}/refresh`, {
    method: 'POST',
    globalErrors: false,
  });
}

/** The catalogue (GET /products): the subscription plans' monthly and annual prices. */
export function useProducts() {
  return useQuery({
    queryKey: ['products'],
    queryFn: () => request<Product[]>('/products'),
    staleTime: 5 * 60_000,
  });
}
