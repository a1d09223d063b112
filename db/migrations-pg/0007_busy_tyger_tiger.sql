ALTER TABLE "chat_messages" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "remote_actor_id" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "origin_handle" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "origin_url" text COLLATE "C";--> statement-breakpoint
CREATE INDEX "chat_messages_remote_actor_idx" ON "chat_messages" USING btree ("remote_actor_id");--> statement-breakpoint
CREATE INDEX "chat_messages_origin_url_idx" ON "chat_messages" USING btree ("origin_url");