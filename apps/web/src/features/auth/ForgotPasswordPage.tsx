import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { forgotPasswordSchema } from '@waymark/domain';
import { Link } from 'react-router';
import { requestPasswordReset } from '../../api/auth';
import { ApiError } from '../../api/client';
import { GENERIC_ERROR } from '../../app/toast';
import { AuthCard } from './AuthCard';

/** PasswordForgotView: asks for the address and shows what the server answered. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? GENERIC_ERROR);
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      setSent(await requestPasswordReset(parsed.data));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : GENERIC_ERROR);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Forgot your password?">
      {sent ? (
        <Alert color="green" variant="light" role="status">
          {sent}
        </Alert>
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              Enter your email address and we will send you a link to reset your password.
            </Text>
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={error}
              required
            />
            <Button type="submit" loading={submitting} fullWidth>
              Send Password Reset Link
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/login" size="sm" ta="center">
        Back to login
      </Anchor>
    </AuthCard>
  );
}
