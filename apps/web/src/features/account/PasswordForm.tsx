import { useState, type FormEvent } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { NewPasswordFields } from '../auth/NewPasswordFields';
import { PASSWORD_SUCCESS_TOAST_MS } from '@waymark/domain';
import { ApiError } from '../../api/client';
import { PasswordField } from '../../components/PasswordField';
import { useNavigate } from 'react-router';
import { useChangePassword } from '../../api/account';
import { toast } from '../../app/toast';
import { passwordHints } from '../auth/passwordRules';

export const PASSWORD_UPDATED = 'Password has been updated!';

/**
 * The current password, the new one and its confirmation; on success back to / with an 8 s
 * toast (spec 002 §8). A wrong current password (or too many of them) shows under its field.
 */
export function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const change = useChangePassword();
  const navigate = useNavigate();
  const hints = passwordHints(password, confirmation);
  const ready = hints.valid && current !== '';
  const failure = change.error instanceof ApiError ? change.error : undefined;
  const currentError =
    failure?.fieldError('current_password') ?? (failure?.status === 429 ? failure.message : null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    change.mutate(
      { current_password: current, password, password_confirmation: confirmation },
      {
        onSuccess: () => {
          toast.success(PASSWORD_UPDATED, { timeout: PASSWORD_SUCCESS_TOAST_MS });
          void navigate('/');
        },
        // Spec 002 §8: only logged; the form is usable again.
        onError: (error) => console.error('Password update failed', error),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.currentTarget.value)}
          error={currentError}
        />
        <NewPasswordFields
          password={password}
          confirmation={confirmation}
          onPassword={setPassword}
          onConfirmation={setConfirmation}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={!ready || change.isPending || change.isSuccess}>
            Update password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
