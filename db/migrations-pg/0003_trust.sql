ALTER TABLE "memberships" ADD COLUMN "ended_at" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "scheduled_tier_id" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "scheduled_price_cents" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "message" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "message" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "tips" ADD COLUMN "message_hidden_at" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" text COLLATE "C";--> statement-breakpoint
UPDATE "users" SET "deactivated_at" = "updated_at" WHERE "is_active" = false AND "role" <> 'dj';--> statement-breakpoint
UPDATE "memberships" SET "status" = 'ended', "ended_at" = "current_period_end" WHERE "status" = 'canceled' AND "current_period_end" IS NOT NULL AND "current_period_end" <= to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');--> statement-breakpoint
UPDATE "memberships" SET "status" = 'ended', "cancel_at_period_end" = true, "ended_at" = coalesce("current_period_end", to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) WHERE "id" IN (SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY "creator_id", "member_id" ORDER BY CASE WHEN "status" = 'incomplete' THEN 1 ELSE 0 END, "created_at" DESC, "id" DESC) AS "place" FROM "memberships" WHERE "status" IN ('incomplete', 'active', 'past_due', 'canceled')) AS "ranked" WHERE "place" > 1);--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_one_per_creator_idx" ON "memberships" USING btree ("creator_id","member_id") WHERE status <> 'lapsed' and status <> 'ended';