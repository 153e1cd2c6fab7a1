import { useCallback } from 'react';
import { ruleFiredSchema, type AlertNotification, type RealtimeMessage } from '@waymark/domain';
import { eventsChannel, useRealtime } from '../../api/realtime';
import { goTo } from '../navigation';
import { toast } from '../toast';

/** Long enough to read an alert that arrives while the user looks elsewhere on the page. */
export const ALERT_TOAST_MS = 10_000;

function isAlert(data: unknown): data is AlertNotification {
  const a = data as Partial<AlertNotification> | null;
  return (
    typeof a === 'object' &&
    a !== null &&
    typeof a.description === 'string' &&
    typeof a.device?.name === 'string'
  );
}

/** The toast of a rule the user saved firing: its name, and what set it off. */
function showRuleFired(data: unknown) {
  const fired = ruleFiredSchema.safeParse(data);
  if (!fired.success) return;
  const { rule_id, rule_name, trigger } = fired.data;
  toast.info(trigger, {
    title: `Rule "${rule_name}" fired`,
    timeout: ALERT_TOAST_MS,
    onClick: () => goTo(`/rules/${rule_id}`),
  });
}

/**
 * The in-app channel of alerts (notify_via_mobile): each alert delivered to the user arrives
 * on the account's events channel and shows as a toast on whatever screen is open; when the
 * tab is in the background and the browser allows it, as a browser notification instead.
 * The firings of the rules the user saved arrive there too, and show as toasts.
 */
export function AlertToasts({ accountId }: { accountId: number | null }) {
  const onMessage = useCallback((message: RealtimeMessage) => {
    if (message.event === 'RuleFired') return showRuleFired(message.data);
    if (message.event !== 'AlertNotified' || !isAlert(message.data)) return;
    const alert = message.data;
    const background =
      typeof Notification !== 'undefined' &&
      Notification.permission === 'granted' &&
      document.visibilityState === 'hidden';
    if (background) {
      const notice = new Notification(alert.device.name, { body: alert.description });
      notice.onclick = () => {
        window.focus();
        goTo('/alerts');
      };
      return;
    }
    toast.warning(alert.description, {
      title: alert.device.name,
      timeout: ALERT_TOAST_MS,
      onClick: () => goTo('/alerts'),
    });
  }, []);
  useRealtime(accountId !== null ? eventsChannel(accountId) : null, onMessage);
  return null;
}
