import { Suspense, useSyncExternalStore } from 'react';
import { Loader, Modal } from '@mantine/core';
import { MODAL_REGISTRY } from './modalRegistry';
import { modals } from './modalQueue';

/** A modal whose title depends on the opening (the common confirmation) passes it in props. */
const titleOf = (props: Record<string, unknown> | undefined) =>
  typeof props?.title === 'string' ? props.title : undefined;

/** Shows the newest modal of the queue. */
export function ModalHost() {
  const entries = useSyncExternalStore(modals.subscribe, modals.entries);
  const current = entries[0] ?? null;
  const registered = current ? MODAL_REGISTRY[current.name] : undefined;
  const close = () => modals.close(current?.name);
  const Body = registered?.component;

  return (
    <Modal
      opened={Boolean(Body)}
      onClose={close}
      title={registered?.title ?? titleOf(current?.props)}
      size={registered?.size ?? 'md'}
      withCloseButton={registered?.withCloseButton ?? true}
      closeOnClickOutside={registered?.closeOnClickOutside ?? true}
      centered
    >
      {current && Body ? (
        <Suspense fallback={<Loader size="sm" />}>
          <Body key={current.key} close={close} props={current.props} />
        </Suspense>
      ) : null}
    </Modal>
  );
}
