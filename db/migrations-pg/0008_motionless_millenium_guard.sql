CREATE TABLE "chat_remote_bans" (
	"event_id" text COLLATE "C" NOT NULL,
	"actor_id" text COLLATE "C" NOT NULL,
	"banned_by" text COLLATE "C",
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	CONSTRAINT "chat_remote_bans_event_id_actor_id_pk" PRIMARY KEY("event_id","actor_id")
);
--> statement-breakpoint
CREATE TABLE "federation_comments" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"note_id" text COLLATE "C" NOT NULL,
	"post_id" text COLLATE "C" NOT NULL,
	"episode_id" text COLLATE "C" NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"actor_id" text COLLATE "C" NOT NULL,
	"content" text COLLATE "C" NOT NULL,
	"url" text COLLATE "C" NOT NULL,
	"status" text COLLATE "C" DEFAULT 'pending' NOT NULL,
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "federation_reactions" (
	"post_id" text COLLATE "C" NOT NULL,
	"actor_id" text COLLATE "C" NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"activity_id" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	CONSTRAINT "federation_reactions_post_id_actor_id_kind_pk" PRIMARY KEY("post_id","actor_id","kind")
);
--> statement-breakpoint
CREATE TABLE "federation_remote_authors" (
	"actor_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"handle" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"avatar_url" text COLLATE "C",
	"url" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "federation_replies" (
	"note_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"post_id" text COLLATE "C" NOT NULL,
	"actor_id" text COLLATE "C" NOT NULL,
	"event_id" text COLLATE "C",
	"chat_message_id" text COLLATE "C",
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_remote_bans" ADD CONSTRAINT "chat_remote_bans_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_remote_bans" ADD CONSTRAINT "chat_remote_bans_banned_by_users_id_fk" FOREIGN KEY ("banned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federation_comments" ADD CONSTRAINT "federation_comments_post_id_federation_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."federation_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federation_comments" ADD CONSTRAINT "federation_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federation_reactions" ADD CONSTRAINT "federation_reactions_post_id_federation_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."federation_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federation_replies" ADD CONSTRAINT "federation_replies_post_id_federation_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."federation_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "federation_comments_note_idx" ON "federation_comments" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "federation_comments_user_status_idx" ON "federation_comments" USING btree ("user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "federation_comments_episode_idx" ON "federation_comments" USING btree ("episode_id","status","created_at");--> statement-breakpoint
CREATE INDEX "federation_comments_actor_idx" ON "federation_comments" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "federation_reactions_activity_idx" ON "federation_reactions" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "federation_reactions_actor_idx" ON "federation_reactions" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "federation_replies_post_idx" ON "federation_replies" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "federation_replies_actor_idx" ON "federation_replies" USING btree ("actor_id");