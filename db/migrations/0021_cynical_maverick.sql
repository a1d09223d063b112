CREATE TABLE `chat_remote_bans` (
	`event_id` text NOT NULL,
	`actor_id` text NOT NULL,
	`banned_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`event_id`, `actor_id`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`banned_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_chat_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`user_id` text,
	`remote_actor_id` text,
	`origin_handle` text,
	`origin_url` text,
	`display_name` text NOT NULL,
	`photo_url` text,
	`text` text NOT NULL,
	`created_at` text NOT NULL,
	`deleted_id` text,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_chat_messages`("id", "event_id", "user_id", "display_name", "photo_url", "text", "created_at", "deleted_id") SELECT "id", "event_id", "user_id", "display_name", "photo_url", "text", "created_at", "deleted_id" FROM `chat_messages`;--> statement-breakpoint
DROP TABLE `chat_messages`;--> statement-breakpoint
ALTER TABLE `__new_chat_messages` RENAME TO `chat_messages`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `chat_messages_event_id_idx` ON `chat_messages` (`event_id`,`id`);--> statement-breakpoint
CREATE INDEX `chat_messages_event_deleted_idx` ON `chat_messages` (`event_id`,`deleted_id`);--> statement-breakpoint
CREATE INDEX `chat_messages_remote_actor_idx` ON `chat_messages` (`remote_actor_id`);--> statement-breakpoint
CREATE INDEX `chat_messages_origin_url_idx` ON `chat_messages` (`origin_url`);