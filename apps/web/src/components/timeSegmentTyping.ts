import type { FocusEvent, KeyboardEvent, MouseEvent } from 'react';

/** Digits typed into each hours or minutes box since it was entered. */
const typed = new WeakMap<HTMLInputElement, number>();

const start = (event: FocusEvent<HTMLInputElement> | MouseEvent<HTMLInputElement>) =>
  typed.set(event.currentTarget, 0);

/**
 * Typing into a time box reads the digits typed, wherever the caret happens to be: the first
 * digit after entering the box replaces what it shows, the second completes it ('1' then '9'
 * is 19). Mantine's boxes read the whole text with the typed digit inserted at the caret, so
 * a click that left the caret between the zeros of '00' turned '19' into 10 hours and 9
 * minutes (issue 35 §9). Capture handlers: they place the caret before the box reads the key,
 * and leave the box's own handlers (arrows, Backspace) as they are.
 */
export const segmentTyping = {
  onFocusCapture: start,
  onMouseDownCapture: start,
  onKeyDownCapture: (event: KeyboardEvent<HTMLInputElement>) => {
    const box = event.currentTarget;
    if (event.key === 'Backspace' || event.key === 'Delete') {
      typed.set(box, 0);
      return;
    }
    if (!/^\d$/.test(event.key)) return;
    const count = typed.get(box) ?? 0;
    if (count % 2 === 0) box.select();
    else box.setSelectionRange(box.value.length, box.value.length);
    typed.set(box, count + 1);
  },
};
