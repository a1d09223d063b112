CREATE TABLE `push_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`notification_id` text NOT NULL,
	`subscription_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`claimed_at` text,
	`last_status_code` integer,
	`last_error` text,
	`completed_at` text,
	FOREIGN KEY (`notification_id`) REFERENCES `push_notifications`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subscription_id`) REFERENCES `push_subscriptions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `push_deliveries_due_idx` ON `push_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `push_deliveries_notification_idx` ON `push_deliveries` (`notification_id`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `push_deliveries_notification_subscription_unique` ON `push_deliveries` (`notification_id`,`subscription_id`);--> statement-breakpoint
CREATE TABLE `push_notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`creator_id` text NOT NULL,
	`kind` text NOT NULL,
	`event_id` text,
	`sent_by` text,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`url` text NOT NULL,
	`icon` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`completed_at` text,
	FOREIGN KEY (`creator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`sent_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `push_notifications_creator_idx` ON `push_notifications` (`creator_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `push_notifications_event_unique` ON `push_notifications` (`event_id`);--> statement-breakpoint
CREATE TABLE `push_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`creator_id` text NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`creator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_creator_endpoint_unique` ON `push_subscriptions` (`creator_id`,`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_endpoint_idx` ON `push_subscriptions` (`endpoint`);--> statement-breakpoint
CREATE TABLE `mobile_apps` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`short_name` text NOT NULL,
	`theme_color` text NOT NULL,
	`background_color` text NOT NULL,
	`start_page` text DEFAULT 'home' NOT NULL,
	`icon_version` text NOT NULL,
	`has_custom_icon` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mobile_apps_user_unique` ON `mobile_apps` (`user_id`);