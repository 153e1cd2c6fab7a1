import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ModalBodyProps } from './modalBody';
import type { ModalName } from './modalQueue';

export interface RegisteredModal {
  title?: string;
  size?: string;
  component: LazyExoticComponent<ComponentType<ModalBodyProps>>;
  /** False when the body draws its own header and close button (the group wizard). */
  withCloseButton?: boolean;
  /** False keeps a half-filled wizard open when the backdrop is clicked. */
  closeOnClickOutside?: boolean;
}

/** Modals whose content is built; the other names get an entry when their issue lands. */
export const MODAL_REGISTRY: Partial<Record<ModalName, RegisteredModal>> = {
  'device-group': {
    size: 'lg',
    withCloseButton: false,
    closeOnClickOutside: false,
    component: lazy(() =>
      import('../../features/groups/wizard/GroupWizard').then((m) => ({ default: m.GroupWizard })),
    ),
  },
  'ble-anchor-wizard': {
    size: 'lg',
    // A half-filled wizard is not lost to a stray click on the backdrop.
    closeOnClickOutside: false,
    component: lazy(() =>
      import('../../features/anchors/wizard/AnchorWizard').then((m) => ({
        default: m.AnchorWizard,
      })),
    ),
  },
  'dwell-help': {
    title: 'How We Calculate Dwell',
    size: 'lg',
    component: lazy(() =>
      import('../../features/dashboards/DwellHelpModal').then((m) => ({
        default: m.DwellHelpModal,
      })),
    ),
  },
  'account-switch': {
    title: 'Switching Account',
    component: lazy(() =>
      import('./SwitchAccountModal').then((m) => ({ default: m.SwitchAccountModal })),
    ),
  },
};
