CREATE TABLE "rule_episodes" (
	"rule_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"since" jsonb NOT NULL,
	"active" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rule_episodes_rule_id_device_id_pk" PRIMARY KEY("rule_id","device_id")
);
--> statement-breakpoint
ALTER TABLE "rule_episodes" ADD CONSTRAINT "rule_episodes_rule_id_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rule_episodes" ADD CONSTRAINT "rule_episodes_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;