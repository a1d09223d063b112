CREATE TABLE `analytics_salts` (
	`day` text PRIMARY KEY NOT NULL,
	`salt` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `listener_windows` (
	`id` text PRIMARY KEY NOT NULL,
	`item_kind` text NOT NULL,
	`item_id` text NOT NULL,
	`creator_id` text NOT NULL,
	`parent_id` text,
	`listener_key` text NOT NULL,
	`mode` text NOT NULL,
	`started_at` text NOT NULL,
	`ranges` text NOT NULL,
	`units_served` integer NOT NULL,
	`threshold_units` integer NOT NULL,
	`counted_at` text,
	`app` text NOT NULL,
	`bot` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `listener_windows_lookup_idx` ON `listener_windows` (`item_kind`,`item_id`,`listener_key`,`started_at`);--> statement-breakpoint
CREATE INDEX `listener_windows_counted_idx` ON `listener_windows` (`creator_id`,`counted_at`);--> statement-breakpoint
CREATE INDEX `listener_windows_started_idx` ON `listener_windows` (`started_at`);--> statement-breakpoint
CREATE TABLE `live_event_audiences` (
	`event_id` text PRIMARY KEY NOT NULL,
	`creator_id` text NOT NULL,
	`unique_viewers` integer NOT NULL,
	`watched_seconds` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `live_viewer_minutes` (
	`event_id` text NOT NULL,
	`minute` text NOT NULL,
	`viewer_key` text NOT NULL,
	PRIMARY KEY(`event_id`, `minute`, `viewer_key`)
);
--> statement-breakpoint
CREATE TABLE `live_viewer_samples` (
	`session_id` text NOT NULL,
	`event_id` text NOT NULL,
	`creator_id` text NOT NULL,
	`at` text NOT NULL,
	`viewers` integer NOT NULL,
	PRIMARY KEY(`session_id`, `at`)
);
--> statement-breakpoint
CREATE INDEX `live_viewer_samples_event_idx` ON `live_viewer_samples` (`event_id`,`at`);--> statement-breakpoint
CREATE TABLE `media_daily_counts` (
	`day` text NOT NULL,
	`item_kind` text NOT NULL,
	`item_id` text NOT NULL,
	`creator_id` text NOT NULL,
	`parent_id` text,
	`app` text NOT NULL,
	`bot` integer NOT NULL,
	`downloads` integer NOT NULL,
	PRIMARY KEY(`day`, `item_kind`, `item_id`, `app`, `bot`)
);
--> statement-breakpoint
CREATE INDEX `media_daily_counts_creator_idx` ON `media_daily_counts` (`creator_id`,`day`);--> statement-breakpoint
CREATE TABLE `media_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`item_kind` text NOT NULL,
	`item_id` text NOT NULL,
	`creator_id` text NOT NULL,
	`parent_id` text,
	`listener_key` text NOT NULL,
	`previous_listener_key` text,
	`mode` text NOT NULL,
	`unit_start` integer NOT NULL,
	`unit_end` integer NOT NULL,
	`units_total` integer NOT NULL,
	`app` text NOT NULL,
	`bot` integer NOT NULL,
	`at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `media_requests_at_idx` ON `media_requests` (`at`);