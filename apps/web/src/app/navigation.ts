/**
 * Lets code outside React (the fetch client's error hooks, start-up) move the router.
 * Until the router exists it falls back to a full page load.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigate: Navigate | null = null;

export function setNavigator(next: Navigate | null): void {
  navigate = next;
}

export function goTo(to: string, options: { replace?: boolean } = {}): void {
  if (navigate) navigate(to, options);
  else if (options.replace) window.location.replace(to);
  else window.location.assign(to);
}
