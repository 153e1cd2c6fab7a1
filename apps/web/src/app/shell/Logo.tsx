import { Image } from '@mantine/core';
import { useBrand } from '../useBrand';

export function Logo({ height = 28 }: { height?: number }) {
  const brand = useBrand();
  return <Image src={`/logo-${brand}.svg`} alt="Waymark" h={height} w="auto" fit="contain" />;
}
