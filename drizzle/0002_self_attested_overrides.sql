ALTER TABLE "audits" ADD COLUMN "self_attested_overrides" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "self_attested_risk_score" integer;--> statement-breakpoint
ALTER TABLE "check_results" ADD COLUMN "override_kind" text;--> statement-breakpoint
ALTER TABLE "check_results" ADD COLUMN "override_reason" text;--> statement-breakpoint
-- Earlier overrides did not record whether staff made them, so none of them may count: each becomes
-- a self-attested claim (staff can re-decide it), and the audits holding one get their numbers of
-- record back from the engine's findings, with the same weights as src/shared/audit-contract.ts.
UPDATE "check_results" SET "override_kind" = 'self_attested', "override_reason" = "waive_reason"
WHERE "overridden_at" IS NOT NULL AND "status" <> "engine_status";--> statement-breakpoint
UPDATE "check_results" SET "overridden_by_user_id" = NULL, "overridden_at" = NULL, "waive_reason" = NULL
WHERE "overridden_at" IS NOT NULL AND "override_kind" IS NULL;--> statement-breakpoint
WITH "weighted" AS (
  SELECT "audit_id", "status", "engine_status", "override_kind",
    CASE "severity" WHEN 'CRITICAL' THEN 10 WHEN 'HIGH' THEN 6 WHEN 'MEDIUM' THEN 3 ELSE 1 END AS "weight", "severity"
  FROM "check_results"
), "totals" AS (
  SELECT "audit_id",
    count(*) FILTER (WHERE "override_kind" = 'self_attested') AS "claims",
    count(*) FILTER (WHERE "engine_status" = 'PASS') AS "passed",
    count(*) FILTER (WHERE "engine_status" = 'FAIL') AS "failed",
    count(*) FILTER (WHERE "engine_status" = 'UNKNOWN') AS "unknown",
    count(*) FILTER (WHERE "engine_status" = 'FAIL' AND "severity" = 'CRITICAL') AS "critical",
    count(*) FILTER (WHERE "engine_status" = 'FAIL' AND "severity" = 'HIGH') AS "high",
    count(*) FILTER (WHERE "engine_status" = 'FAIL' AND "severity" = 'MEDIUM') AS "medium",
    count(*) FILTER (WHERE "engine_status" = 'FAIL' AND "severity" = 'LOW') AS "low",
    sum("weight") FILTER (WHERE "engine_status" = 'PASS') AS "passed_weight",
    sum("weight") FILTER (WHERE "engine_status" <> 'UNKNOWN') AS "evaluated_weight",
    sum("weight") FILTER (WHERE "status" IN ('PASS', 'WAIVED')) AS "claimed_passed_weight",
    sum("weight") FILTER (WHERE "status" <> 'UNKNOWN') AS "claimed_evaluated_weight"
  FROM "weighted" GROUP BY "audit_id"
)
UPDATE "audits" SET
  "passed_checks" = "totals"."passed", "failed_checks" = "totals"."failed", "unknown_checks" = "totals"."unknown",
  "critical_issues" = "totals"."critical", "high_issues" = "totals"."high", "medium_issues" = "totals"."medium", "low_issues" = "totals"."low",
  "risk_score" = CASE WHEN coalesce("totals"."evaluated_weight", 0) = 0 THEN 0 ELSE round(100.0 * coalesce("totals"."passed_weight", 0) / "totals"."evaluated_weight") END,
  "self_attested_overrides" = "totals"."claims",
  "self_attested_risk_score" = CASE WHEN coalesce("totals"."claimed_evaluated_weight", 0) = 0 THEN 0 ELSE round(100.0 * coalesce("totals"."claimed_passed_weight", 0) / "totals"."claimed_evaluated_weight") END
FROM "totals" WHERE "audits"."id" = "totals"."audit_id" AND "totals"."claims" > 0;
