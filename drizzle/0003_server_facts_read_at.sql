ALTER TABLE "servers" ADD COLUMN "facts_read_at" timestamp with time zone;--> statement-breakpoint
UPDATE "servers" SET "facts_read_at" = "updated_at" WHERE EXISTS (SELECT 1 FROM "audits" WHERE "audits"."server_id" = "servers"."id" AND "audits"."status" = 'completed');
