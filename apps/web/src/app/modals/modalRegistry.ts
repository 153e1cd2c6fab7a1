import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ModalName } from './modalQueue';

export interface ModalBodyProps {
  close: () => void;
  props: Record<string, unknown>;
}

export interface RegisteredModal {
  title?: string;
  size?: string;
  component: LazyExoticComponent<ComponentType<ModalBodyProps>>;
}

/** Modals whose content is built; the other names get an entry when their issue lands. */
export const MODAL_REGISTRY: Partial<Record<ModalName, RegisteredModal>> = {
  'account-switch': {
    title: 'Switching Account',
    component: lazy(() =>
      import('./SwitchAccountModal').then((m) => ({ default: m.SwitchAccountModal })),
    ),
  },
};
