import { useCallback } from 'react';
import { GROUP_MESSAGES } from '@waymark/domain';
import { useAbility } from '../../app/session/useSession';
import { toast } from '../../app/toast';

/**
 * manage Groups (Admins only, spec 000 §6). Group actions stay visible; without the
 * permission they answer 'Access denied' instead of doing anything.
 */
export function useManageGroups() {
  const ability = useAbility();
  const allowed = ability?.can('manage', 'Groups') ?? false;
  const guard = useCallback(
    (action: () => void) => {
      if (allowed) action();
      else toast.error(GROUP_MESSAGES.accessDenied);
    },
    [allowed],
  );
  return { allowed, guard };
}
