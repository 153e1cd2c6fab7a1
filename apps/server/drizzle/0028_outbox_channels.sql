ALTER TABLE "outbound_messages" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "outcome" text;--> statement-breakpoint
-- 'failed' meant "an attempt failed, a retry may follow"; that is 'retrying' now, and 'failed' is the end.
UPDATE "outbound_messages" SET "status" = 'retrying' WHERE "status" = 'failed';
