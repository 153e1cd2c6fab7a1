import { allows, type AccessRule } from '../session/access';
import type { SessionView } from '../session/currentAccount';
import { homePathOf, loginPathFor } from './nextPath';

export interface RouteGuard extends AccessRule {
  /** Reachable without logging in (spec 002 §2.2). */
  public?: boolean;
  /** Where to send a logged-in user the rule refuses; their home unless stated. */
  otherwise?: string;
}

/**
 * The guard decision for one route: null lets the user in, a string is where to go instead.
 * `path` is the wanted address (path and query), kept as `next` for the login page.
 */
export function guardRedirect(
  guard: RouteGuard,
  view: SessionView | null,
  path: string,
): string | null {
  if (guard.public) return null;
  if (!view) return loginPathFor(path);
  return allows(guard, view) ? null : (guard.otherwise ?? homePathOf(view));
}

/** The error toast of a page the user's role may not open (spec 001 §6 and §8; text ours). */
export const NO_PERMISSION_MESSAGE = 'You do not have permission to open this page';

/**
 * Whether a signed-in user is sent away for want of a permission (not an account flag or a
 * login): those are told why with NO_PERMISSION_MESSAGE, on every guarded route alike.
 */
export function refusedPermission(guard: RouteGuard, view: SessionView | null): boolean {
  if (guard.public || !view || !guard.can) return false;
  return !view.ability.can(guard.can[0], guard.can[1]);
}
