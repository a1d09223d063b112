CREATE TABLE `federation_posts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`subject_id` text NOT NULL,
	`note_uri` text NOT NULL,
	`title` text NOT NULL,
	`url` text NOT NULL,
	`teaser` integer DEFAULT false NOT NULL,
	`likes` integer DEFAULT 0 NOT NULL,
	`boosts` integer DEFAULT 0 NOT NULL,
	`replies` integer DEFAULT 0 NOT NULL,
	`published_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`deleted_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `federation_posts_subject_idx` ON `federation_posts` (`kind`,`subject_id`);--> statement-breakpoint
CREATE INDEX `federation_posts_user_published_idx` ON `federation_posts` (`user_id`,`published_at`);--> statement-breakpoint
ALTER TABLE `events` ADD `fediverse` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `podcast_episodes` ADD `fediverse` integer DEFAULT true NOT NULL;