CREATE TABLE "analytics_salts" (
	"day" text COLLATE "C" PRIMARY KEY NOT NULL,
	"salt" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listener_windows" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"item_kind" text COLLATE "C" NOT NULL,
	"item_id" text COLLATE "C" NOT NULL,
	"creator_id" text COLLATE "C" NOT NULL,
	"parent_id" text COLLATE "C",
	"listener_key" text COLLATE "C" NOT NULL,
	"mode" text COLLATE "C" NOT NULL,
	"started_at" text COLLATE "C" NOT NULL,
	"ranges" text COLLATE "C" NOT NULL,
	"units_served" integer NOT NULL,
	"threshold_units" integer NOT NULL,
	"counted_at" text COLLATE "C",
	"app" text COLLATE "C" NOT NULL,
	"bot" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_event_audiences" (
	"event_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"creator_id" text COLLATE "C" NOT NULL,
	"unique_viewers" integer NOT NULL,
	"watched_seconds" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_viewer_minutes" (
	"event_id" text COLLATE "C" NOT NULL,
	"minute" text COLLATE "C" NOT NULL,
	"viewer_key" text COLLATE "C" NOT NULL,
	CONSTRAINT "live_viewer_minutes_event_id_minute_viewer_key_pk" PRIMARY KEY("event_id","minute","viewer_key")
);
--> statement-breakpoint
CREATE TABLE "live_viewer_samples" (
	"session_id" text COLLATE "C" NOT NULL,
	"event_id" text COLLATE "C" NOT NULL,
	"creator_id" text COLLATE "C" NOT NULL,
	"at" text COLLATE "C" NOT NULL,
	"viewers" integer NOT NULL,
	CONSTRAINT "live_viewer_samples_session_id_at_pk" PRIMARY KEY("session_id","at")
);
--> statement-breakpoint
CREATE TABLE "media_daily_counts" (
	"day" text COLLATE "C" NOT NULL,
	"item_kind" text COLLATE "C" NOT NULL,
	"item_id" text COLLATE "C" NOT NULL,
	"creator_id" text COLLATE "C" NOT NULL,
	"parent_id" text COLLATE "C",
	"app" text COLLATE "C" NOT NULL,
	"bot" boolean NOT NULL,
	"downloads" integer NOT NULL,
	CONSTRAINT "media_daily_counts_day_item_kind_item_id_app_bot_pk" PRIMARY KEY("day","item_kind","item_id","app","bot")
);
--> statement-breakpoint
CREATE TABLE "media_requests" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"item_kind" text COLLATE "C" NOT NULL,
	"item_id" text COLLATE "C" NOT NULL,
	"creator_id" text COLLATE "C" NOT NULL,
	"parent_id" text COLLATE "C",
	"listener_key" text COLLATE "C" NOT NULL,
	"previous_listener_key" text COLLATE "C",
	"mode" text COLLATE "C" NOT NULL,
	"unit_start" integer NOT NULL,
	"unit_end" integer NOT NULL,
	"units_total" integer NOT NULL,
	"app" text COLLATE "C" NOT NULL,
	"bot" boolean NOT NULL,
	"at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE INDEX "listener_windows_lookup_idx" ON "listener_windows" USING btree ("item_kind","item_id","listener_key","started_at");--> statement-breakpoint
CREATE INDEX "listener_windows_counted_idx" ON "listener_windows" USING btree ("creator_id","counted_at");--> statement-breakpoint
CREATE INDEX "listener_windows_started_idx" ON "listener_windows" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "live_viewer_samples_event_idx" ON "live_viewer_samples" USING btree ("event_id","at");--> statement-breakpoint
CREATE INDEX "media_daily_counts_creator_idx" ON "media_daily_counts" USING btree ("creator_id","day");--> statement-breakpoint
CREATE INDEX "media_requests_at_idx" ON "media_requests" USING btree ("at");