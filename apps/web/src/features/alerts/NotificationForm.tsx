import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { formatPhone, type NotificationCode, type NotificationSetting } from '@waymark/domain';
import { useStoreNotificationSettings } from '../../api/alerts';
import { toast } from '../../app/toast';
import {
  formSections,
  NOTIFICATION_LABELS,
  settingsToSave,
  smsConsent,
  type FormViewer,
} from './notificationForm';

export const SETTINGS_SAVED = 'Notification settings saved';

type Values = Partial<Record<NotificationCode, 0 | 1>>;

/** Asks once for browser notifications when the user chooses in-app alerts. */
function askForBrowserNotifications() {
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return;
  Notification.requestPermission().catch(() => undefined);
}

/** The 'Notifications' form (spec 001 §2 "Alerts and notifications", §6). */
export function NotificationForm({
  accountId,
  settings,
  viewer,
  email,
}: {
  accountId: number;
  settings: readonly NotificationSetting[];
  viewer: FormViewer;
  email: string;
}) {
  const [values, setValues] = useState<Values>(() =>
    Object.fromEntries(settings.map((s) => [s.code, s.value])),
  );
  const store = useStoreNotificationSettings(accountId);
  const sections = formSections(viewer);
  const shown = [...sections.device, ...sections.financial, ...sections.channels];

  const box = (code: NotificationCode, label = NOTIFICATION_LABELS[code]) => (
    <Checkbox
      key={code}
      label={label}
      checked={values[code] === 1}
      onChange={(e) => {
        const on = e.currentTarget.checked;
        if (on && code === 'notify_via_mobile') askForBrowserNotifications();
        setValues((v) => ({ ...v, [code]: on ? 1 : 0 }));
      }}
    />
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    store.mutate(settingsToSave(values, shown), {
      onSuccess: () => toast.success(SETTINGS_SAVED),
      onError: (error) => toast.error(error.message),
    });
  };

  return (
    <form onSubmit={onSubmit} aria-label="Notifications">
      <Stack gap="md">
        <Title order={2} size="h4">
          Notifications
        </Title>
        <Stack gap="xs">
          {sections.deviceHeading && (
            <Title order={3} size="h6">
              Device Notifications
            </Title>
          )}
          {sections.device.map((code) => box(code))}
        </Stack>
        {sections.financial.length > 0 && (
          <Stack gap="xs">
            <Title order={3} size="h6">
              Account Notifications
            </Title>
            {sections.financial.map((code) => box(code))}
          </Stack>
        )}
        <Stack gap="xs">
          <Title order={3} size="h6">
            Send them by
          </Title>
          {box('notify_via_email', `Email (${email})`)}
          {box('notify_via_mobile')}
          {viewer.phone && (
            <>
              {box('notify_via_sms', `SMS (${formatPhone(viewer.phone)})`)}
              <Text size="xs" c="dimmed">
                {smsConsent(formatPhone(viewer.phone))}
              </Text>
            </>
          )}
        </Stack>
        <Group>
          <Button type="submit" loading={store.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
