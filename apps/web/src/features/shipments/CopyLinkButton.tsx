import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '@mantine/core';
import { IconCheck, IconLink } from '@tabler/icons-react';

/** Spec 001 §9: the copy label resets after 2000 ms. */
export const COPY_RESET_MS = 2_000;

/**
 * 'Copy Link' (or `label`): puts a public page's address on the clipboard and says 'Copied!' for two
 * seconds. Outside a secure context the browser has no clipboard API: spec 001 §8 logs
 * 'Connection is not secure.' and does nothing else.
 */
export function CopyLinkButton({
  url,
  label = 'Copy Link',
  ariaLabel,
  icon = <IconLink size={14} />,
}: {
  url: string;
  label?: string;
  /** The button's name when several copy buttons share a label (the device setup's texts). */
  ariaLabel?: string;
  icon?: ReactNode;
}) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_RESET_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = () => {
    if (!window.isSecureContext || !navigator.clipboard) {
      console.error('Connection is not secure.');
      return;
    }
    navigator.clipboard.writeText(url).then(
      () => setCopied(true),
      (error: unknown) => console.error('Copying the link failed', error),
    );
  };

  return (
    <Button
      variant="light"
      size="xs"
      leftSection={copied ? <IconCheck size={14} /> : icon}
      color={copied ? 'green' : undefined}
      onClick={copy}
      aria-live="polite"
      aria-label={ariaLabel}
    >
      {copied ? 'Copied!' : label}
    </Button>
  );
}
