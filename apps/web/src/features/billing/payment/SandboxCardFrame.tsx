import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { SANDBOX_FORM_MESSAGES } from '@waymark/domain';
import { originOf, sandboxMessage, type CardFormHandle, type CardResult } from './cardForm';

interface SandboxCardFrameProps {
  formUrl: string;
  onReady: () => void;
}

/**
 * The sandbox provider's hosted card form in an iframe (contract in the domain's
 * billing.provider.ts): it posts 'ready', takes 'submit' and answers with 'result'.
 */
export const SandboxCardFrame = forwardRef<CardFormHandle, SandboxCardFrameProps>(
  function SandboxCardFrame({ formUrl, onReady }, ref) {
    const frame = useRef<HTMLIFrameElement>(null);
    const pending = useRef<((result: CardResult) => void) | null>(null);
    const readyRef = useRef(onReady);
    readyRef.current = onReady;
    const origin = originOf(formUrl, window.location.href);

    useEffect(() => {
      const listen = (event: MessageEvent) => {
        const message = sandboxMessage(event, origin);
        if (!message) return;
        if (message.type === SANDBOX_FORM_MESSAGES.ready) readyRef.current();
        if (message.type === SANDBOX_FORM_MESSAGES.result) {
          pending.current?.({
            status: message.status === 'succeeded' ? 'succeeded' : 'failed',
            intentId: String(message.intent_id ?? ''),
            message: typeof message.message === 'string' ? message.message : null,
          });
          pending.current = null;
        }
      };
      window.addEventListener('message', listen);
      return () => window.removeEventListener('message', listen);
    }, [origin]);

    useImperativeHandle(ref, () => ({
      confirm: () =>
        new Promise<CardResult>((resolve) => {
          pending.current = resolve;
          frame.current?.contentWindow?.postMessage({ type: SANDBOX_FORM_MESSAGES.submit }, origin);
        }),
    }));

    return (
      <iframe
        ref={frame}
        src={formUrl}
        title="Card details"
        style={{ width: '100%', height: 260, border: 0 }}
      />
    );
  },
);
