CREATE TABLE "sweep_locks" (
	"name" text COLLATE "C" PRIMARY KEY NOT NULL,
	"holder" text COLLATE "C" NOT NULL,
	"held_until" text COLLATE "C" NOT NULL
);
