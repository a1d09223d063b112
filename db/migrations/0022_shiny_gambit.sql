CREATE TABLE `federation_comments` (
	`id` text PRIMARY KEY NOT NULL,
	`note_id` text NOT NULL,
	`post_id` text NOT NULL,
	`episode_id` text NOT NULL,
	`user_id` text NOT NULL,
	`actor_id` text NOT NULL,
	`content` text NOT NULL,
	`url` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `federation_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `federation_comments_note_idx` ON `federation_comments` (`note_id`);--> statement-breakpoint
CREATE INDEX `federation_comments_user_status_idx` ON `federation_comments` (`user_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `federation_comments_episode_idx` ON `federation_comments` (`episode_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `federation_comments_actor_idx` ON `federation_comments` (`actor_id`);--> statement-breakpoint
CREATE TABLE `federation_reactions` (
	`post_id` text NOT NULL,
	`actor_id` text NOT NULL,
	`kind` text NOT NULL,
	`activity_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`post_id`, `actor_id`, `kind`),
	FOREIGN KEY (`post_id`) REFERENCES `federation_posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `federation_reactions_activity_idx` ON `federation_reactions` (`activity_id`);--> statement-breakpoint
CREATE INDEX `federation_reactions_actor_idx` ON `federation_reactions` (`actor_id`);--> statement-breakpoint
CREATE TABLE `federation_remote_authors` (
	`actor_id` text PRIMARY KEY NOT NULL,
	`handle` text NOT NULL,
	`name` text NOT NULL,
	`avatar_url` text,
	`url` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `federation_replies` (
	`note_id` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	`actor_id` text NOT NULL,
	`event_id` text,
	`chat_message_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `federation_posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `federation_replies_post_idx` ON `federation_replies` (`post_id`);--> statement-breakpoint
CREATE INDEX `federation_replies_actor_idx` ON `federation_replies` (`actor_id`);