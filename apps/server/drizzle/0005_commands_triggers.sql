CREATE TABLE "commands" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"commands" text NOT NULL,
	"has_arguments" boolean DEFAULT false NOT NULL,
	"is_category" boolean DEFAULT false NOT NULL,
	"translation" text,
	"is_sent_via_data" boolean DEFAULT true NOT NULL,
	"is_sent_via_sms" boolean DEFAULT true NOT NULL,
	"is_sent_via_sos" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"user_id" integer,
	"command_id" integer,
	"send_via" text NOT NULL,
	"translation" text,
	"message_to_device" text,
	"message_from_device" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "min_temperature" real;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "max_temperature" real;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "min_humidity" real;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "max_humidity" real;--> statement-breakpoint
ALTER TABLE "commands" ADD CONSTRAINT "commands_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_messages" ADD CONSTRAINT "device_messages_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_messages" ADD CONSTRAINT "device_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commands_model_id_index" ON "commands" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "device_messages_device_id_created_at_index" ON "device_messages" USING btree ("device_id","created_at");