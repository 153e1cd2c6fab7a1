/** Writes a cluster's count into its label, touching the DOM only where it differs. */
export function showCount(
  element: HTMLElement,
  count: number,
  abbreviated: string | number | undefined,
  noun: string,
) {
  const text = String(abbreviated ?? count);
  const name = `Cluster of ${count} ${noun}`;
  if (element.textContent !== text) element.textContent = text;
  if (element.getAttribute('aria-label') !== name) element.setAttribute('aria-label', name);
}
