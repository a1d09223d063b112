CREATE TABLE `federation_actor_keys` (
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`public_jwk` text NOT NULL,
	`private_jwk` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `federation_blocks` (
	`id` text PRIMARY KEY NOT NULL,
	`scope` text NOT NULL,
	`kind` text NOT NULL,
	`value` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `federation_blocks_scope_value_idx` ON `federation_blocks` (`scope`,`kind`,`value`);--> statement-breakpoint
CREATE INDEX `federation_blocks_value_idx` ON `federation_blocks` (`value`);--> statement-breakpoint
CREATE TABLE `federation_followers` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`actor_id` text NOT NULL,
	`handle` text NOT NULL,
	`inbox` text NOT NULL,
	`shared_inbox` text,
	`follow_id` text NOT NULL,
	`status` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `federation_followers_user_actor_idx` ON `federation_followers` (`user_id`,`actor_id`);--> statement-breakpoint
CREATE INDEX `federation_followers_actor_idx` ON `federation_followers` (`actor_id`);--> statement-breakpoint
CREATE TABLE `federation_kv` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`expires_at` text
);
--> statement-breakpoint
CREATE INDEX `federation_kv_expires_at_idx` ON `federation_kv` (`expires_at`);--> statement-breakpoint
CREATE TABLE `federation_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`message` text NOT NULL,
	`due_at` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` text NOT NULL,
	`finished_at` text
);
--> statement-breakpoint
CREATE INDEX `federation_messages_due_idx` ON `federation_messages` (`status`,`due_at`);--> statement-breakpoint
CREATE TABLE `federation_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`approve_followers` integer DEFAULT false NOT NULL,
	`publish` integer DEFAULT true NOT NULL,
	`hashtags` text DEFAULT '[]' NOT NULL,
	`deleted_at` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
