CREATE TABLE "drift_alerts" (
	"audit_id" uuid PRIMARY KEY NOT NULL,
	"server_id" uuid NOT NULL,
	"previous_audit_id" uuid,
	"previous_score" integer NOT NULL,
	"score" integer NOT NULL,
	"new_failures" jsonb NOT NULL,
	"webhook_status" text NOT NULL,
	"webhook_attempts" integer DEFAULT 0 NOT NULL,
	"webhook_last_error" text,
	"webhook_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitoring_settings" (
	"server_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"staff_enabled" boolean DEFAULT false NOT NULL,
	"cadence" text DEFAULT 'weekly' NOT NULL,
	"score_drop_threshold" integer DEFAULT 5 NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_scheduled_at" timestamp with time zone,
	"paused_reason" text,
	"paused_at" timestamp with time zone,
	"alert_webhook_enc" text,
	"alert_webhook_hint" text,
	"updated_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "trigger" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "drift_alerts" ADD CONSTRAINT "drift_alerts_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drift_alerts" ADD CONSTRAINT "drift_alerts_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drift_alerts" ADD CONSTRAINT "drift_alerts_previous_audit_id_audits_id_fk" FOREIGN KEY ("previous_audit_id") REFERENCES "public"."audits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_settings" ADD CONSTRAINT "monitoring_settings_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_settings" ADD CONSTRAINT "monitoring_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drift_alerts_server_created_idx" ON "drift_alerts" USING btree ("server_id","created_at");--> statement-breakpoint
CREATE INDEX "monitoring_settings_due_idx" ON "monitoring_settings" USING btree ("next_run_at") WHERE "monitoring_settings"."enabled";