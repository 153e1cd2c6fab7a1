import { useState, type FormEvent } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { NewPasswordFields } from '../auth/NewPasswordFields';
import { PASSWORD_SUCCESS_TOAST_MS } from '@waymark/domain';
import { useNavigate } from 'react-router';
import { useChangePassword } from '../../api/account';
import { toast } from '../../app/toast';
import { passwordHints } from '../auth/passwordRules';

export const PASSWORD_UPDATED = 'Password has been updated!';

/** New password and confirmation; on success back to / with an 8 s toast (spec 002 §8). */
export function PasswordForm() {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const change = useChangePassword();
  const navigate = useNavigate();
  const hints = passwordHints(password, confirmation);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!hints.valid) return;
    change.mutate(
      { password, password_confirmation: confirmation },
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
        <NewPasswordFields
          password={password}
          confirmation={confirmation}
          onPassword={setPassword}
          onConfirmation={setConfirmation}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={!hints.valid || change.isPending || change.isSuccess}>
            Update password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
