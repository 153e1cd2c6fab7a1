import { Button } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ErrorPage } from './ErrorPage';

export function ForbiddenPage() {
  const navigate = useNavigate();
  // The router numbers history entries; at 0 there is nothing of ours to go back to.
  const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  return (
    <ErrorPage
      code="403"
      title="Access Denied"
      action={
        <Button onClick={() => void (canGoBack ? navigate(-1) : navigate('/'))}>Go Back</Button>
      }
    />
  );
}
