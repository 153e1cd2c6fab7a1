import type { ReactNode } from 'react';
import type { Action, Subject } from '@waymark/domain';
import { useAbility } from './useSession';

interface CanProps {
  I: Action;
  a: Subject;
  children: ReactNode;
  /** Rendered instead when the ability is missing. */
  otherwise?: ReactNode;
}

/** Gates an element on the one permission check, e.g. `<Can I="manage" a="Account">`. */
export function Can({ I, a, children, otherwise = null }: CanProps) {
  const ability = useAbility();
  return <>{ability?.can(I, a) ? children : otherwise}</>;
}
