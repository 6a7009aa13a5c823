CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"certificate_id" text NOT NULL,
	"server_id" uuid NOT NULL,
	"audit_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"risk_score" integer NOT NULL,
	"critical_issues" integer NOT NULL,
	"checklist_version" text NOT NULL,
	"rejection_reason" text,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"issued_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"superseded_at" timestamp with time zone,
	"decided_by_user_id" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificates_certificate_id_unique" UNIQUE("certificate_id")
);
--> statement-breakpoint
CREATE TABLE "csu_verifications" (
	"server_id" uuid PRIMARY KEY NOT NULL,
	"verified" boolean NOT NULL,
	"admin_notes" text,
	"decided_by_user_id" uuid,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_user_id" uuid,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"summary" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"owns_user" boolean NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_accounts_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "test_accounts_username_unique" UNIQUE("username")
);
--> statement-breakpoint
ALTER TABLE "check_results" ADD COLUMN "override_evidence" text;--> statement-breakpoint
ALTER TABLE "check_results" ADD COLUMN "override_evidence_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "test_account_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csu_verifications" ADD CONSTRAINT "csu_verifications_server_id_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csu_verifications" ADD CONSTRAINT "csu_verifications_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_actions" ADD CONSTRAINT "staff_actions_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_accounts" ADD CONSTRAINT "test_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_accounts" ADD CONSTRAINT "test_accounts_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_audit_idx" ON "certificates" USING btree ("audit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_one_pending_per_server" ON "certificates" USING btree ("server_id") WHERE "certificates"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_one_issued_per_server" ON "certificates" USING btree ("server_id") WHERE "certificates"."status" = 'issued';--> statement-breakpoint
CREATE INDEX "certificates_server_created_idx" ON "certificates" USING btree ("server_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_actions_created_idx" ON "staff_actions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "staff_actions_target_idx" ON "staff_actions" USING btree ("target_type","target_id");