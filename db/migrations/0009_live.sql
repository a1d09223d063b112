CREATE TABLE `live_channels` (
	`user_id` text PRIMARY KEY NOT NULL,
	`stream_key` text NOT NULL,
	`show_viewer_count` integer DEFAULT true NOT NULL,
	`last_refusal_reason` text,
	`last_refusal_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `live_channels_stream_key_unique` ON `live_channels` (`stream_key`);--> statement-breakpoint
CREATE TABLE `live_recordings` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`session_id` text,
	`event_id` text,
	`status` text NOT NULL,
	`parts` text NOT NULL,
	`started_at` text NOT NULL,
	`duration_seconds` integer,
	`size_bytes` integer,
	`episode_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `live_sessions`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`episode_id`) REFERENCES `podcast_episodes`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `live_recordings_user_idx` ON `live_recordings` (`user_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `live_recordings_event_idx` ON `live_recordings` (`event_id`,`started_at`);--> statement-breakpoint
CREATE TABLE `live_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`event_id` text NOT NULL,
	`state` text NOT NULL,
	`started_at` text NOT NULL,
	`ended_at` text,
	`recording_id` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `live_sessions_event_idx` ON `live_sessions` (`event_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `live_sessions_user_idx` ON `live_sessions` (`user_id`,`started_at`);