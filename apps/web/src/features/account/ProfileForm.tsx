import { useState, type FormEvent } from 'react';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { formatPhone, userUpdateSchema, type Me } from '@waymark/domain';
import { useTimezones, useUpdateUser } from '../../api/account';
import { toast } from '../../app/toast';
import { PhoneInput } from './PhoneInput';
import { profileFormBlocked, type ProfileValues } from './profileRules';

export const ACCOUNT_UPDATED = 'Your account has been updated.';

/** Name, email, phone and time zone (spec 002 §2.4). */
export function ProfileForm({ me }: { me: Me }) {
  const [values, setValues] = useState<ProfileValues>({
    name: me.name,
    email: me.email,
    phone: formatPhone(me.phone),
    timezoneId: me.timezone_id ? String(me.timezone_id) : null,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const timezones = useTimezones();
  const update = useUpdateUser(me.id);
  const set = (patch: Partial<ProfileValues>) => setValues((v) => ({ ...v, ...patch }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = userUpdateSchema.safeParse({
      name: values.name,
      email: values.email,
      phone: values.phone || null,
      timezone_id: values.timezoneId ? Number(values.timezoneId) : undefined,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: () => toast.success(ACCOUNT_UPDATED),
      // Spec 002 §8: a failed update is only logged; the form is usable again.
      onError: (error) => console.error('Account update failed', error),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <TextInput
          label="Name"
          autoComplete="name"
          value={values.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          error={errors.name}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => set({ email: e.currentTarget.value })}
          error={errors.email}
        />
        <PhoneInput
          label="Phone"
          value={values.phone}
          onChange={(phone) => set({ phone })}
          error={errors.phone}
        />
        <Select
          label="Time zone"
          searchable
          // Unmounts the closed option list, which Mantine labels like the input itself.
          autoSelectOnBlur={false}
          nothingFoundMessage="No time zone matches"
          data={(timezones.data ?? []).map((tz) => ({
            value: String(tz.id),
            label: tz.identifier,
          }))}
          value={values.timezoneId}
          onChange={(timezoneId) => set({ timezoneId })}
          error={errors.timezone_id}
          disabled={timezones.isPending}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={profileFormBlocked(values, update.isPending)}>
            Update account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
