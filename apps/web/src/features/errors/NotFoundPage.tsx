import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorPage } from './ErrorPage';

export function NotFoundPage() {
  return (
    <ErrorPage
      code="404"
      title="Looks like this page does not exist"
      action={
        <Button component={Link} to="/">
          Back to Home
        </Button>
      }
    />
  );
}
