DROP INDEX `users_creator_tag_unique`;--> statement-breakpoint
ALTER TABLE `users` ADD `pending_payment` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `users_creator_tag_lower_unique` ON `users` (lower("creator_tag"));