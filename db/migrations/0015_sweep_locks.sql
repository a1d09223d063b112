CREATE TABLE `sweep_locks` (
	`name` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`held_until` text NOT NULL
);
