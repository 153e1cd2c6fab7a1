import type { AnchorDraft } from './anchorDraft';

/** What every wizard step gets: the draft, messages per field, and a way to change it. */
export interface StepProps {
  draft: AnchorDraft;
  errors: Record<string, string>;
  onChange: (change: Partial<AnchorDraft>) => void;
}
