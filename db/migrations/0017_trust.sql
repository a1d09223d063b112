ALTER TABLE `users` ADD `deactivated_at` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `message` text;--> statement-breakpoint
ALTER TABLE `tips` ADD `message` text;--> statement-breakpoint
ALTER TABLE `tips` ADD `message_hidden_at` text;--> statement-breakpoint
ALTER TABLE `memberships` ADD `ended_at` text;--> statement-breakpoint
ALTER TABLE `memberships` ADD `scheduled_tier_id` text;--> statement-breakpoint
ALTER TABLE `memberships` ADD `scheduled_price_cents` integer;--> statement-breakpoint
UPDATE `users` SET `deactivated_at` = `updated_at` WHERE `is_active` = 0 AND `role` <> 'dj';--> statement-breakpoint
UPDATE `memberships` SET `status` = 'ended', `ended_at` = `current_period_end` WHERE `status` = 'canceled' AND `current_period_end` IS NOT NULL AND `current_period_end` <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now');--> statement-breakpoint
UPDATE `memberships` SET `status` = 'ended', `cancel_at_period_end` = 1, `ended_at` = coalesce(`current_period_end`, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) WHERE `id` IN (SELECT `id` FROM (SELECT `id`, row_number() OVER (PARTITION BY `creator_id`, `member_id` ORDER BY CASE WHEN `status` = 'incomplete' THEN 1 ELSE 0 END, `created_at` DESC, `id` DESC) AS `place` FROM `memberships` WHERE `status` IN ('incomplete', 'active', 'past_due', 'canceled')) WHERE `place` > 1);--> statement-breakpoint
CREATE UNIQUE INDEX `memberships_one_per_creator_idx` ON `memberships` (`creator_id`,`member_id`) WHERE status <> 'lapsed' and status <> 'ended';