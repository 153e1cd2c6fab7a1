import { useState, type ReactNode } from 'react';
import { Image } from '@mantine/core';

/**
 * A product's picture (order lines, a subscription's device): the image at its path, or the
 * given icon when there is none or it does not load, never a broken image.
 */
export function ProductThumbnail(props: {
  path: string | null | undefined;
  alt: string;
  size: number;
  fallback: ReactNode;
}) {
  const [failed, setFailed] = useState(false);
  if (!props.path || failed) return props.fallback;
  return (
    <Image
      src={props.path}
      alt={props.alt}
      w={props.size}
      h={props.size}
      fit="contain"
      onError={() => setFailed(true)}
    />
  );
}
