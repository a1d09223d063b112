CREATE TABLE `membership_charges` (
	`id` text PRIMARY KEY NOT NULL,
	`membership_id` text NOT NULL,
	`payment_id` text,
	`provider_invoice_id` text,
	`reason` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`period_start` text NOT NULL,
	`period_end` text NOT NULL,
	`attempt_count` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`paid_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`membership_id`) REFERENCES `memberships`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `membership_charges_provider_invoice_id_unique` ON `membership_charges` (`provider_invoice_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `membership_charges_period_idx` ON `membership_charges` (`membership_id`,`period_start`);--> statement-breakpoint
CREATE TABLE `membership_tier_events` (
	`tier_id` text NOT NULL,
	`event_id` text NOT NULL,
	PRIMARY KEY(`tier_id`, `event_id`),
	FOREIGN KEY (`tier_id`) REFERENCES `membership_tiers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `membership_tier_events_event_idx` ON `membership_tier_events` (`event_id`);--> statement-breakpoint
CREATE TABLE `membership_tier_titles` (
	`tier_id` text NOT NULL,
	`podcast_title_id` text NOT NULL,
	PRIMARY KEY(`tier_id`, `podcast_title_id`),
	FOREIGN KEY (`tier_id`) REFERENCES `membership_tiers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`podcast_title_id`) REFERENCES `podcast_titles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `membership_tier_titles_title_idx` ON `membership_tier_titles` (`podcast_title_id`);--> statement-breakpoint
CREATE TABLE `membership_tiers` (
	`id` text PRIMARY KEY NOT NULL,
	`creator_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`price_cents` integer NOT NULL,
	`includes_all_premium_events` integer DEFAULT false NOT NULL,
	`includes_replays` integer DEFAULT false NOT NULL,
	`chat_badge` integer DEFAULT false NOT NULL,
	`provider_price_id` text,
	`archived_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`creator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `membership_tiers_creator_idx` ON `membership_tiers` (`creator_id`);--> statement-breakpoint
CREATE TABLE `memberships` (
	`id` text PRIMARY KEY NOT NULL,
	`tier_id` text NOT NULL,
	`creator_id` text NOT NULL,
	`member_id` text NOT NULL,
	`status` text DEFAULT 'incomplete' NOT NULL,
	`price_cents` integer NOT NULL,
	`provider` text NOT NULL,
	`provider_subscription_id` text,
	`provider_customer_id` text,
	`card_last4` text,
	`current_period_start` text,
	`current_period_end` text,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`grace_ends_at` text,
	`feed_token` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`activated_at` text,
	`canceled_at` text,
	`lapsed_at` text,
	FOREIGN KEY (`tier_id`) REFERENCES `membership_tiers`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`creator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `memberships_provider_subscription_id_unique` ON `memberships` (`provider_subscription_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `memberships_feed_token_unique` ON `memberships` (`feed_token`);--> statement-breakpoint
CREATE INDEX `memberships_member_idx` ON `memberships` (`member_id`,`status`);--> statement-breakpoint
CREATE INDEX `memberships_creator_idx` ON `memberships` (`creator_id`,`status`);--> statement-breakpoint
CREATE INDEX `memberships_tier_idx` ON `memberships` (`tier_id`,`status`);--> statement-breakpoint
CREATE TABLE `revoked_feed_tokens` (
	`feed_token` text PRIMARY KEY NOT NULL,
	`membership_id` text NOT NULL,
	`revoked_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`membership_id`) REFERENCES `memberships`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `revoked_feed_tokens_membership_idx` ON `revoked_feed_tokens` (`membership_id`);--> statement-breakpoint
ALTER TABLE `podcast_titles` ADD `members_only` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `push_notifications` ADD `audience` text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE `push_subscriptions` ADD `viewer_id` text REFERENCES users(id) ON UPDATE no action ON DELETE set null;--> statement-breakpoint
ALTER TABLE `payments` ADD `membership_id` text;