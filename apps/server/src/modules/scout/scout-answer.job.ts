import type { AppContext } from '../../app-context';
import type { JobPayloads } from '../../jobs/job-catalogue';
import type { QueuedJob } from '../../jobs/job-queue';
import { answer } from './scout-agent';
import { scoutModelFor } from './create-scout-model';

/** The `scout-answer` job: Scout answers one user message with the configured model. */
export function answerMessage(ctx: AppContext, job: QueuedJob<JobPayloads['scout-answer']>) {
  return answer(ctx, scoutModelFor(ctx.config), job.data);
}
