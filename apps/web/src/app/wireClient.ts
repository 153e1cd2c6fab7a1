import { configureClient } from '../api/client';
import { session } from '../api/session';
import { goTo } from './navigation';
import { clearSession } from './session/endSession';
import { toast } from './toast';

/** Connects the fetch client's error mapping (spec 002 §8) to the session, router and toasts. */
export function wireClient(): void {
  configureClient({
    bearer: session.bearer,
    hooks: {
      onUnauthorized: () => clearSession(window.location.pathname + window.location.search),
      onForbidden: () => goTo('/403'),
      onNotFound: () => goTo('/404'),
      onServerError: () => toast.serverError(),
    },
  });
}
