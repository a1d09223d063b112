CREATE TABLE "federation_actor_keys" (
	"user_id" text COLLATE "C" NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"public_jwk" text COLLATE "C" NOT NULL,
	"private_jwk" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	CONSTRAINT "federation_actor_keys_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "federation_blocks" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"scope" text COLLATE "C" NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"value" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "federation_followers" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"actor_id" text COLLATE "C" NOT NULL,
	"handle" text COLLATE "C" NOT NULL,
	"inbox" text COLLATE "C" NOT NULL,
	"shared_inbox" text COLLATE "C",
	"follow_id" text COLLATE "C" NOT NULL,
	"status" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "federation_kv" (
	"key" text COLLATE "C" PRIMARY KEY NOT NULL,
	"value" text COLLATE "C" NOT NULL,
	"expires_at" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "federation_messages" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"status" text COLLATE "C" DEFAULT 'pending' NOT NULL,
	"message" text COLLATE "C" NOT NULL,
	"due_at" text COLLATE "C" NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"finished_at" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "federation_settings" (
	"user_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"approve_followers" boolean DEFAULT false NOT NULL,
	"publish" boolean DEFAULT true NOT NULL,
	"hashtags" text COLLATE "C" DEFAULT '[]' NOT NULL,
	"deleted_at" text COLLATE "C",
	"updated_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "federation_actor_keys" ADD CONSTRAINT "federation_actor_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federation_followers" ADD CONSTRAINT "federation_followers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federation_settings" ADD CONSTRAINT "federation_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "federation_blocks_scope_value_idx" ON "federation_blocks" USING btree ("scope","kind","value");--> statement-breakpoint
CREATE INDEX "federation_blocks_value_idx" ON "federation_blocks" USING btree ("value");--> statement-breakpoint
CREATE UNIQUE INDEX "federation_followers_user_actor_idx" ON "federation_followers" USING btree ("user_id","actor_id");--> statement-breakpoint
CREATE INDEX "federation_followers_actor_idx" ON "federation_followers" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "federation_kv_expires_at_idx" ON "federation_kv" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "federation_messages_due_idx" ON "federation_messages" USING btree ("status","due_at");