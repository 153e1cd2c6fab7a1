/** What every modal body receives: how to close itself, and the props it was opened with. */
export interface ModalBodyProps {
  close: () => void;
  props: Record<string, unknown>;
}
