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
  // The title comes with each opening (confirmAction's title).
  confirmation: {
    size: 'sm',
    component: lazy(() =>
      import('./ConfirmationModal').then((m) => ({ default: m.ConfirmationModal })),
    ),
  },
  'download-confirmation': {
    component: lazy(() =>
      import('./DownloadConfirmationModal').then((m) => ({
        default: m.DownloadConfirmationModal,
      })),
    ),
  },
  'device-group': {
    size: 'lg',
    withCloseButton: false,
    closeOnClickOutside: false,
    component: lazy(() =>
      import('../../features/groups/wizard/GroupWizard').then((m) => ({ default: m.GroupWizard })),
    ),
  },
  'device-sim-replace': {
    title: 'Replace SIM',
    size: 'lg',
    // A half-done replacement is not lost to a stray click on the backdrop.
    closeOnClickOutside: false,
    component: lazy(() =>
      import('../../features/sim-replacement/DeviceSimReplaceModal').then((m) => ({
        default: m.DeviceSimReplaceModal,
      })),
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
  'device-positions-download': {
    title: 'Download Positions',
    component: lazy(() =>
      import('../../features/trackers/details/PositionsDownloadModal').then((m) => ({
        default: m.PositionsDownloadModal,
      })),
    ),
  },
  'dialog-edit': {
    title: 'Rename Conversation',
    size: 'sm',
    component: lazy(() =>
      import('../../features/scout/DialogEditModal').then((m) => ({
        default: m.DialogEditModal,
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
  'admin-order': {
    title: 'New Order',
    size: 'xl',
    closeOnClickOutside: false,
    component: lazy(() =>
      import('../../features/admin/NewOrderModal').then((m) => ({ default: m.NewOrderModal })),
    ),
  },
  'admin-provision': {
    title: 'Provision',
    component: lazy(() =>
      import('../../features/admin/ProvisionModal').then((m) => ({ default: m.ProvisionModal })),
    ),
  },
  'admin-new-account': {
    title: 'New Account',
    closeOnClickOutside: false,
    component: lazy(() =>
      import('../../features/admin/NewAccountModal').then((m) => ({
        default: m.NewAccountModal,
      })),
    ),
  },
  'invite-user': {
    title: 'Invite New User',
    size: 'lg',
    closeOnClickOutside: false,
    component: lazy(() =>
      import('../../features/manage/InviteUsersModal').then((m) => ({
        default: m.InviteUsersModal,
      })),
    ),
  },
  // The body writes its own heading: 'Editing {name} Permissions' names the user.
  'edit-user': {
    size: 'lg',
    closeOnClickOutside: false,
    component: lazy(() =>
      import('../../features/manage/EditUserModal').then((m) => ({ default: m.EditUserModal })),
    ),
  },
  'cancel-subscription': {
    title: 'Cancel Subscription',
    component: lazy(() =>
      import('../../features/billing/subscriptions/modals/CancelSubscriptionModal').then((m) => ({
        default: m.CancelSubscriptionModal,
      })),
    ),
  },
  'activate-subscription': {
    title: 'Activate Subscription',
    component: lazy(() =>
      import('../../features/billing/subscriptions/modals/ActivateSubscriptionModal').then((m) => ({
        default: m.ActivateSubscriptionModal,
      })),
    ),
  },
  'reactivate-subscription': {
    title: 'Reactivate Subscription',
    component: lazy(() =>
      import('../../features/billing/subscriptions/modals/ReactivateSubscriptionModal').then(
        (m) => ({ default: m.ReactivateSubscriptionModal }),
      ),
    ),
  },
  'order-invoice': {
    title: 'Download Invoice',
    size: 'xl',
    component: lazy(() =>
      import('../../features/billing/invoice/InvoiceModal').then((m) => ({
        default: m.InvoiceModal,
      })),
    ),
  },
  'order-payment': {
    title: 'Order Payment',
    size: 'lg',
    // A payment half-way through is not dropped by a stray click on the backdrop.
    closeOnClickOutside: false,
    component: lazy(() =>
      import('../../features/billing/payment/OrderPaymentModal').then((m) => ({
        default: m.OrderPaymentModal,
      })),
    ),
  },
  'new-address': {
    title: 'New Address',
    component: lazy(() =>
      import('../../features/billing/addresses/NewAddressModal').then((m) => ({
        default: m.NewAddressModal,
      })),
    ),
  },
  'new-payment-method': {
    title: 'New Payment Method',
    closeOnClickOutside: false,
    component: lazy(() =>
      import('../../features/billing/payment-methods/NewPaymentMethodModal').then((m) => ({
        default: m.NewPaymentMethodModal,
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
