import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { NewPasswordFields } from './NewPasswordFields';
import { MESSAGES } from '@waymark/domain';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { resetPassword } from '../../api/auth';
import { ApiError } from '../../api/client';
import { GENERIC_ERROR, toast } from '../../app/toast';
import { AuthCard } from './AuthCard';
import { passwordHints } from './passwordRules';

export const PASSWORD_RESET_DONE = 'Your password has been reset.';

/** PasswordResetView: the mailed link /reset-password?token=...&email=... lands here. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(
    token && email ? null : MESSAGES.resetTokenInvalid,
  );
  const navigate = useNavigate();
  const hints = passwordHints(password, confirmation);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      const message = await resetPassword({
        token,
        email,
        password,
        password_confirmation: confirmation,
      });
      toast.success(message ?? PASSWORD_RESET_DONE);
      void navigate('/login', { replace: true });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : GENERIC_ERROR);
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Reset your password">
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <NewPasswordFields
            password={password}
            confirmation={confirmation}
            onPassword={setPassword}
            onConfirmation={setConfirmation}
          />
          <Button type="submit" fullWidth disabled={!hints.valid || !token || !email || submitting}>
            {submitting ? 'Resetting...' : 'Reset Password'}
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to="/login" size="sm" ta="center">
        Back to login
      </Anchor>
    </AuthCard>
  );
}
