CREATE TABLE "instance_heartbeats" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"host" text COLLATE "C" NOT NULL,
	"started_at" text COLLATE "C" NOT NULL,
	"seen_at" text COLLATE "C" NOT NULL
);
