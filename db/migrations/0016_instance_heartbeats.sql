CREATE TABLE `instance_heartbeats` (
	`id` text PRIMARY KEY NOT NULL,
	`host` text NOT NULL,
	`started_at` text NOT NULL,
	`seen_at` text NOT NULL
);
