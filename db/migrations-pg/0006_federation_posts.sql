CREATE TABLE "federation_posts" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"subject_id" text COLLATE "C" NOT NULL,
	"note_uri" text COLLATE "C" NOT NULL,
	"title" text COLLATE "C" NOT NULL,
	"url" text COLLATE "C" NOT NULL,
	"teaser" boolean DEFAULT false NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"boosts" integer DEFAULT 0 NOT NULL,
	"replies" integer DEFAULT 0 NOT NULL,
	"published_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL,
	"deleted_at" text COLLATE "C"
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "fediverse" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD COLUMN "fediverse" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "federation_posts" ADD CONSTRAINT "federation_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "federation_posts_subject_idx" ON "federation_posts" USING btree ("kind","subject_id");--> statement-breakpoint
CREATE INDEX "federation_posts_user_published_idx" ON "federation_posts" USING btree ("user_id","published_at");