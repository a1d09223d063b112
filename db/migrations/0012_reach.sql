CREATE TABLE `cancelled_events` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`start_date_time` text,
	`end_date_time` text,
	`sequence` integer NOT NULL,
	`cancelled_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `cancelled_events_user_idx` ON `cancelled_events` (`user_id`,`cancelled_at`);--> statement-breakpoint
ALTER TABLE `terms_acceptances` ADD `accepted_by` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `users` ADD `notify_new_payments` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `sequence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `podcast_episodes` ADD `season_number` integer;--> statement-breakpoint
ALTER TABLE `podcast_episodes` ADD `episode_number` integer;--> statement-breakpoint
ALTER TABLE `podcast_titles` ADD `podcast_guid` text;--> statement-breakpoint
ALTER TABLE `podcast_titles` ADD `contact_email` text;--> statement-breakpoint
ALTER TABLE `podcast_titles` ADD `itunes_type` text DEFAULT 'episodic' NOT NULL;