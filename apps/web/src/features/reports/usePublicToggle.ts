import { useEffect, useRef, useState } from 'react';
import type { ApiReport } from '@waymark/domain';
import { useSetReportPublic } from '../../api/reports';
import { toast } from '../../app/toast';
import { createLatestSender, PUBLIC_TOGGLE_DELAY_MS, type LatestSender } from './publicToggle';
import { REPORT_TEXTS } from './texts';

/**
 * The Public? toggle of one row: it flips at once on screen and the PUT goes 600 ms after the
 * last flip (spec 001 §4). A failure puts the toggle back where the server has it.
 */
export function usePublicToggle(accountId: number, report: ApiReport) {
  const save = useSetReportPublic(accountId);
  // Null: show what the server has.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const server = useRef(report.is_public);
  const mutate = useRef(save.mutate);
  useEffect(() => {
    server.current = report.is_public;
    mutate.current = save.mutate;
  });

  const sender = useRef<LatestSender<boolean> | null>(null);
  const id = report.id;
  useEffect(() => {
    const next = createLatestSender<boolean>(
      PUBLIC_TOGGLE_DELAY_MS,
      () => server.current,
      (isPublic) =>
        mutate.current(
          { id, isPublic },
          {
            // A toggle made while this call ran keeps its own value.
            onSettled: () => setWanted((w) => (w === isPublic ? null : w)),
            onError: () => toast.error(REPORT_TEXTS.publicFailed),
          },
        ),
    );
    sender.current = next;
    return () => next.cancel();
  }, [id]);

  const toggle = (isPublic: boolean) => {
    setWanted(isPublic === report.is_public && !save.isPending ? null : isPublic);
    sender.current?.push(isPublic);
  };

  return { checked: wanted ?? report.is_public, toggle };
}
