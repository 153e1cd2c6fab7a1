/** What confirming a card in the provider's form came to (the sandbox's result message). */
export interface CardResult {
  status: 'succeeded' | 'failed';
  intentId: string;
  message: string | null;
}

/** The card form's side the payment modal drives: it says when it is ready, then confirms. */
export interface CardFormHandle {
  confirm(): Promise<CardResult>;
}

/** Checks a message from the card form's iframe: from the API's origin and of our kind. */
export function sandboxMessage(
  event: { origin: string; data: unknown },
  apiOrigin: string,
): { type: string; status?: unknown; intent_id?: unknown; message?: unknown } | null {
  if (event.origin !== apiOrigin) return null;
  const data = event.data as { type?: unknown } | null;
  if (!data || typeof data !== 'object' || typeof data.type !== 'string') return null;
  if (!data.type.startsWith('waymark-pay:')) return null;
  return data as { type: string };
}

/** The API's origin as the browser sees it: the form_url's, else this page's. */
export function originOf(url: string, base: string): string {
  return new URL(url, base).origin;
}
