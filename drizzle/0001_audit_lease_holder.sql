ALTER TABLE "audits" ADD COLUMN "lease_holder" text;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "claim_token" uuid;