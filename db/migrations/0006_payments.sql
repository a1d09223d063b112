CREATE TABLE `ledger_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_id` text NOT NULL,
	`account` text NOT NULL,
	`user_id` text,
	`source` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_payment_account_idx` ON `ledger_entries` (`payment_id`,`account`);--> statement-breakpoint
CREATE INDEX `ledger_user_idx` ON `ledger_entries` (`user_id`);--> statement-breakpoint
CREATE TABLE `local_provider_objects` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`data` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `local_provider_objects_type_idx` ON `local_provider_objects` (`type`);--> statement-breakpoint
CREATE TABLE `payment_customers` (
	`user_id` text NOT NULL,
	`provider` text NOT NULL,
	`customer_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_customers_user_provider_idx` ON `payment_customers` (`user_id`,`provider`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`provider` text NOT NULL,
	`provider_intent_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text DEFAULT 'cad' NOT NULL,
	`fee_cents` integer,
	`payer_id` text,
	`creator_id` text,
	`event_id` text,
	`tip_option_id` text,
	`subscription_id` text,
	`provider_invoice_id` text,
	`description` text NOT NULL,
	`email` text,
	`card_last4` text,
	`last_error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`succeeded_at` text,
	FOREIGN KEY (`payer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`creator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_intent_id_unique` ON `payments` (`provider_intent_id`);--> statement-breakpoint
CREATE INDEX `payments_creator_idx` ON `payments` (`creator_id`,`status`);--> statement-breakpoint
CREATE INDEX `payments_payer_idx` ON `payments` (`payer_id`);--> statement-breakpoint
CREATE INDEX `payments_subscription_idx` ON `payments` (`subscription_id`);--> statement-breakpoint
CREATE TABLE `subscription_invoices` (
	`invoice_id` text PRIMARY KEY NOT NULL,
	`subscription_id` text NOT NULL,
	`provider_invoice_id` text,
	`payment_id` text,
	`billing_reason` text NOT NULL,
	`subscription_cents` integer NOT NULL,
	`set_up_fee_cents` integer DEFAULT 0 NOT NULL,
	`period_start` text NOT NULL,
	`period_end` text NOT NULL,
	`attempt_count` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`paid_at` text,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscription_invoices_provider_invoice_id_unique` ON `subscription_invoices` (`provider_invoice_id`);--> statement-breakpoint
CREATE INDEX `subscription_invoices_subscription_idx` ON `subscription_invoices` (`subscription_id`);--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`product_id` text NOT NULL,
	`provider` text NOT NULL,
	`provider_subscription_id` text,
	`provider_customer_id` text NOT NULL,
	`status` text DEFAULT 'incomplete' NOT NULL,
	`price_cents` integer NOT NULL,
	`set_up_fee_cents` integer DEFAULT 0 NOT NULL,
	`current_period_start` text,
	`current_period_end` text,
	`card_last4` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`activated_at` text,
	`canceled_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_provider_subscription_id_unique` ON `subscriptions` (`provider_subscription_id`);--> statement-breakpoint
CREATE INDEX `subscriptions_user_idx` ON `subscriptions` (`user_id`,`status`);--> statement-breakpoint
CREATE TABLE `tips` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_id` text NOT NULL,
	`creator_id` text,
	`viewer_id` text,
	`event_id` text,
	`tip_option_id` text,
	`title` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`creator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`viewer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tips_payment_id_unique` ON `tips` (`payment_id`);--> statement-breakpoint
CREATE INDEX `tips_creator_idx` ON `tips` (`creator_id`);--> statement-breakpoint
CREATE TABLE `webhook_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`received_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
