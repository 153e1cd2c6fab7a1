import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { PasswordField } from '../../components/PasswordField';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { createToken } from '../../api/auth';
import { useConfig } from '../../api/config';
import { session } from '../../api/session';
import { HOME_PATH, safeNext } from '../../app/routing/nextPath';
import { loadSession } from '../../app/session/loadSession';
import { AuthCard } from './AuthCard';
import { loginErrorMessage } from './loginError';

/** LoginView (spec 002 §2.1): on success back to `next` or the tracker list. */
export function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const config = useConfig();
  const next = safeNext(params.get('next'));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      session.setToken(await createToken({ email: email.trim(), password }));
      const outcome = await loadSession(config, next ?? HOME_PATH);
      if (outcome.kind === 'leave') {
        window.location.assign(outcome.url);
        return;
      }
      if (outcome.kind === 'no-account') throw new Error('The user has no account');
      void navigate(next ? `/?next=${encodeURIComponent(next)}` : '/', { replace: true });
    } catch (failure) {
      session.clear();
      setError(loginErrorMessage(failure));
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Log in to Waymark">
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            required
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            required
          />
          <Button type="submit" disabled={submitting} fullWidth>
            {submitting ? 'Logging in...' : 'Login'}
          </Button>
          <Anchor component={Link} to="/forgot" size="sm" ta="center">
            Forgot your password?
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
