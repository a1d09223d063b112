CREATE TABLE "api_tokens" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"token_hash" text COLLATE "C" NOT NULL,
	"token_hint" text COLLATE "C" NOT NULL,
	"scopes" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	"last_used_at" text COLLATE "C",
	"expires_at" text COLLATE "C",
	"revoked_at" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "cancelled_events" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"start_date_time" text COLLATE "C",
	"end_date_time" text COLLATE "C",
	"sequence" integer NOT NULL,
	"cancelled_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_bans" (
	"event_id" text COLLATE "C" NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"banned_by" text COLLATE "C",
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	CONSTRAINT "chat_bans_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"event_id" text COLLATE "C" NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"display_name" text COLLATE "C" NOT NULL,
	"photo_url" text COLLATE "C",
	"text" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"deleted_id" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "demo_documents" (
	"collection" text COLLATE "C" NOT NULL,
	"id" text COLLATE "C" NOT NULL,
	"position" double precision NOT NULL,
	"data" text COLLATE "C" NOT NULL,
	CONSTRAINT "demo_documents_collection_id_pk" PRIMARY KEY("collection","id")
);
--> statement-breakpoint
CREATE TABLE "event_access" (
	"viewer_id" text COLLATE "C" NOT NULL,
	"event_id" text COLLATE "C" NOT NULL,
	"payment_id" text COLLATE "C",
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	CONSTRAINT "event_access_viewer_id_event_id_pk" PRIMARY KEY("viewer_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"description" text COLLATE "C" DEFAULT '' NOT NULL,
	"start_date_time" text COLLATE "C",
	"end_date_time" text COLLATE "C",
	"is_premium" boolean DEFAULT false NOT NULL,
	"premium_price_cents" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	"updated_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"payment_id" text COLLATE "C" NOT NULL,
	"account" text COLLATE "C" NOT NULL,
	"user_id" text COLLATE "C",
	"source" text COLLATE "C" NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_channels" (
	"user_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"stream_key" text COLLATE "C" NOT NULL,
	"show_viewer_count" boolean DEFAULT true NOT NULL,
	"last_refusal_reason" text COLLATE "C",
	"last_refusal_at" text COLLATE "C",
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	"updated_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_recordings" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"session_id" text COLLATE "C",
	"event_id" text COLLATE "C",
	"status" text COLLATE "C" NOT NULL,
	"parts" text COLLATE "C" NOT NULL,
	"started_at" text COLLATE "C" NOT NULL,
	"duration_seconds" integer,
	"size_bytes" bigint,
	"episode_id" text COLLATE "C",
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_sessions" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"event_id" text COLLATE "C" NOT NULL,
	"state" text COLLATE "C" NOT NULL,
	"started_at" text COLLATE "C" NOT NULL,
	"ended_at" text COLLATE "C",
	"recording_id" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "local_provider_objects" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"type" text COLLATE "C" NOT NULL,
	"data" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_charges" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"membership_id" text COLLATE "C" NOT NULL,
	"payment_id" text COLLATE "C",
	"provider_invoice_id" text COLLATE "C",
	"reason" text COLLATE "C" NOT NULL,
	"amount_cents" integer NOT NULL,
	"period_start" text COLLATE "C" NOT NULL,
	"period_end" text COLLATE "C" NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"last_attempt_at" text COLLATE "C",
	"last_error" text COLLATE "C",
	"paid_at" text COLLATE "C",
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_tier_events" (
	"tier_id" text COLLATE "C" NOT NULL,
	"event_id" text COLLATE "C" NOT NULL,
	CONSTRAINT "membership_tier_events_tier_id_event_id_pk" PRIMARY KEY("tier_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "membership_tier_titles" (
	"tier_id" text COLLATE "C" NOT NULL,
	"podcast_title_id" text COLLATE "C" NOT NULL,
	CONSTRAINT "membership_tier_titles_tier_id_podcast_title_id_pk" PRIMARY KEY("tier_id","podcast_title_id")
);
--> statement-breakpoint
CREATE TABLE "membership_tiers" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"creator_id" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"description" text COLLATE "C" DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"includes_all_premium_events" boolean DEFAULT false NOT NULL,
	"includes_replays" boolean DEFAULT false NOT NULL,
	"chat_badge" boolean DEFAULT false NOT NULL,
	"provider_price_id" text COLLATE "C",
	"archived_at" text COLLATE "C",
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	"updated_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"tier_id" text COLLATE "C" NOT NULL,
	"creator_id" text COLLATE "C" NOT NULL,
	"member_id" text COLLATE "C" NOT NULL,
	"status" text COLLATE "C" DEFAULT 'incomplete' NOT NULL,
	"price_cents" integer NOT NULL,
	"provider" text COLLATE "C" NOT NULL,
	"provider_subscription_id" text COLLATE "C",
	"provider_customer_id" text COLLATE "C",
	"card_last4" text COLLATE "C",
	"current_period_start" text COLLATE "C",
	"current_period_end" text COLLATE "C",
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"grace_ends_at" text COLLATE "C",
	"feed_token" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	"updated_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	"activated_at" text COLLATE "C",
	"canceled_at" text COLLATE "C",
	"lapsed_at" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "mobile_apps" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"short_name" text COLLATE "C" NOT NULL,
	"theme_color" text COLLATE "C" NOT NULL,
	"background_color" text COLLATE "C" NOT NULL,
	"start_page" text COLLATE "C" DEFAULT 'home' NOT NULL,
	"icon_version" text COLLATE "C" NOT NULL,
	"has_custom_icon" boolean DEFAULT false NOT NULL,
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	"updated_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"token_hash" text COLLATE "C" PRIMARY KEY NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"expires_at" text COLLATE "C" NOT NULL,
	"used_at" text COLLATE "C",
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"user_id" text COLLATE "C" NOT NULL,
	"provider" text COLLATE "C" NOT NULL,
	"customer_id" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"provider" text COLLATE "C" NOT NULL,
	"provider_intent_id" text COLLATE "C",
	"status" text COLLATE "C" DEFAULT 'pending' NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text COLLATE "C" DEFAULT 'cad' NOT NULL,
	"fee_cents" integer,
	"payer_id" text COLLATE "C",
	"creator_id" text COLLATE "C",
	"event_id" text COLLATE "C",
	"tip_option_id" text COLLATE "C",
	"subscription_id" text COLLATE "C",
	"membership_id" text COLLATE "C",
	"provider_invoice_id" text COLLATE "C",
	"description" text COLLATE "C" NOT NULL,
	"email" text COLLATE "C",
	"card_last4" text COLLATE "C",
	"last_error" text COLLATE "C",
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	"updated_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	"succeeded_at" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "plan_grants" (
	"user_id" text COLLATE "C" NOT NULL,
	"product_id" text COLLATE "C" NOT NULL,
	"granted_by" text COLLATE "C",
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	CONSTRAINT "plan_grants_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"group" text COLLATE "C" NOT NULL,
	"key" text COLLATE "C" NOT NULL,
	"value" text COLLATE "C" NOT NULL,
	"updated_by" text COLLATE "C",
	"updated_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	CONSTRAINT "platform_settings_group_key_pk" PRIMARY KEY("group","key")
);
--> statement-breakpoint
CREATE TABLE "podcast_episodes" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"podcast_title_id" text COLLATE "C" NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"description" text COLLATE "C" DEFAULT '' NOT NULL,
	"media_url" text COLLATE "C" NOT NULL,
	"media_type" text COLLATE "C" NOT NULL,
	"media_bytes" bigint NOT NULL,
	"duration_seconds" integer NOT NULL,
	"image_url" text COLLATE "C",
	"transcript_url" text COLLATE "C",
	"transcript_type" text COLLATE "C",
	"chapters_url" text COLLATE "C",
	"publish_date" text COLLATE "C" NOT NULL,
	"season_number" integer,
	"episode_number" integer,
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	"updated_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "podcast_titles" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"description" text COLLATE "C" DEFAULT '' NOT NULL,
	"image_url" text COLLATE "C",
	"is_video" boolean DEFAULT false NOT NULL,
	"category" text COLLATE "C" DEFAULT 'Music' NOT NULL,
	"explicit" boolean DEFAULT false NOT NULL,
	"language" text COLLATE "C" DEFAULT 'en' NOT NULL,
	"podcast_guid" text COLLATE "C",
	"contact_email" text COLLATE "C",
	"itunes_type" text COLLATE "C" DEFAULT 'episodic' NOT NULL,
	"members_only" boolean DEFAULT false NOT NULL,
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	"updated_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "podcast_uploads" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"owner_id" text COLLATE "C" NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"url" text COLLATE "C" NOT NULL,
	"mime_type" text COLLATE "C" NOT NULL,
	"size_bytes" bigint NOT NULL,
	"duration_seconds" integer,
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"price_per_month_cents" integer NOT NULL,
	"set_up_fee_cents" integer DEFAULT 0 NOT NULL,
	"set_up_fee_price_id" text COLLATE "C",
	"provider_price_id" text COLLATE "C",
	"sort_order" integer DEFAULT 0 NOT NULL,
	"features" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "push_deliveries" (
	"id" bigint PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "push_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"notification_id" text COLLATE "C" NOT NULL,
	"subscription_id" text COLLATE "C",
	"status" text COLLATE "C" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	"claimed_at" text COLLATE "C",
	"last_status_code" integer,
	"last_error" text COLLATE "C",
	"completed_at" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "push_notifications" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"creator_id" text COLLATE "C" NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"event_id" text COLLATE "C",
	"sent_by" text COLLATE "C",
	"title" text COLLATE "C" NOT NULL,
	"body" text COLLATE "C" NOT NULL,
	"url" text COLLATE "C" NOT NULL,
	"icon" text COLLATE "C",
	"audience" text COLLATE "C" DEFAULT 'all' NOT NULL,
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	"completed_at" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"creator_id" text COLLATE "C" NOT NULL,
	"endpoint" text COLLATE "C" NOT NULL,
	"p256dh" text COLLATE "C" NOT NULL,
	"auth" text COLLATE "C" NOT NULL,
	"viewer_id" text COLLATE "C",
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	"updated_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revoked_feed_tokens" (
	"feed_token" text COLLATE "C" PRIMARY KEY NOT NULL,
	"membership_id" text COLLATE "C" NOT NULL,
	"revoked_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_invoices" (
	"invoice_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"subscription_id" text COLLATE "C" NOT NULL,
	"provider_invoice_id" text COLLATE "C",
	"payment_id" text COLLATE "C",
	"billing_reason" text COLLATE "C" NOT NULL,
	"subscription_cents" integer NOT NULL,
	"set_up_fee_cents" integer DEFAULT 0 NOT NULL,
	"period_start" text COLLATE "C" NOT NULL,
	"period_end" text COLLATE "C" NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"last_error" text COLLATE "C",
	"paid_at" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"product_id" text COLLATE "C" NOT NULL,
	"provider" text COLLATE "C" NOT NULL,
	"provider_subscription_id" text COLLATE "C",
	"provider_customer_id" text COLLATE "C" NOT NULL,
	"status" text COLLATE "C" DEFAULT 'incomplete' NOT NULL,
	"price_cents" integer NOT NULL,
	"set_up_fee_cents" integer DEFAULT 0 NOT NULL,
	"current_period_start" text COLLATE "C",
	"current_period_end" text COLLATE "C",
	"card_last4" text COLLATE "C",
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	"updated_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	"activated_at" text COLLATE "C",
	"canceled_at" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "terms_acceptances" (
	"user_id" text COLLATE "C" NOT NULL,
	"terms_id" text COLLATE "C" NOT NULL,
	"accepted_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	"accepted_by" text COLLATE "C",
	CONSTRAINT "terms_acceptances_user_id_terms_id_pk" PRIMARY KEY("user_id","terms_id")
);
--> statement-breakpoint
CREATE TABLE "terms_documents" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"pdf_url" text COLLATE "C" NOT NULL,
	"uploaded_by" text COLLATE "C",
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tip_options" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"title" text COLLATE "C" NOT NULL,
	"amount_cents" integer NOT NULL,
	"icon_url" text COLLATE "C",
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	"updated_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tips" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"payment_id" text COLLATE "C" NOT NULL,
	"creator_id" text COLLATE "C",
	"viewer_id" text COLLATE "C",
	"event_id" text COLLATE "C",
	"tip_option_id" text COLLATE "C",
	"title" text COLLATE "C" NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"email" text COLLATE "C" NOT NULL,
	"creator_tag" text COLLATE "C",
	"first_name" text COLLATE "C" NOT NULL,
	"last_name" text COLLATE "C" NOT NULL,
	"display_name" text COLLATE "C" NOT NULL,
	"description" text COLLATE "C" DEFAULT '' NOT NULL,
	"image_url" text COLLATE "C",
	"stream_value" text COLLATE "C",
	"role" text COLLATE "C" NOT NULL,
	"is_active" boolean NOT NULL,
	"pending_payment" boolean DEFAULT false NOT NULL,
	"password_hash" text COLLATE "C",
	"token_version" integer DEFAULT 0 NOT NULL,
	"referrer_id" text COLLATE "C",
	"google_sub" text COLLATE "C",
	"apple_sub" text COLLATE "C",
	"notify_new_payments" boolean DEFAULT true NOT NULL,
	"shortcuts" text COLLATE "C" DEFAULT '[]' NOT NULL,
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	"updated_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"delivery_id" text COLLATE "C" NOT NULL,
	"attempted_at" text COLLATE "C" NOT NULL,
	"status_code" integer,
	"error" text COLLATE "C",
	"duration_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"webhook_id" text COLLATE "C" NOT NULL,
	"event_id" text COLLATE "C" NOT NULL,
	"event_type" text COLLATE "C" NOT NULL,
	"subject" text COLLATE "C",
	"payload" text COLLATE "C" NOT NULL,
	"status" text COLLATE "C" DEFAULT 'pending' NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" text COLLATE "C",
	"retry_until" text COLLATE "C" NOT NULL,
	"last_status_code" integer,
	"last_error" text COLLATE "C",
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	"delivered_at" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"type" text COLLATE "C" NOT NULL,
	"received_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"url" text COLLATE "C" NOT NULL,
	"description" text COLLATE "C" DEFAULT '' NOT NULL,
	"events" text COLLATE "C" NOT NULL,
	"secret" text COLLATE "C" NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"disabled_reason" text COLLATE "C",
	"failing_since" text COLLATE "C",
	"created_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	"updated_at" text COLLATE "C" DEFAULT (to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancelled_events" ADD CONSTRAINT "cancelled_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_bans" ADD CONSTRAINT "chat_bans_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_bans" ADD CONSTRAINT "chat_bans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_bans" ADD CONSTRAINT "chat_bans_banned_by_users_id_fk" FOREIGN KEY ("banned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_access" ADD CONSTRAINT "event_access_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_access" ADD CONSTRAINT "event_access_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_channels" ADD CONSTRAINT "live_channels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_recordings" ADD CONSTRAINT "live_recordings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_recordings" ADD CONSTRAINT "live_recordings_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_recordings" ADD CONSTRAINT "live_recordings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_recordings" ADD CONSTRAINT "live_recordings_episode_id_podcast_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."podcast_episodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_charges" ADD CONSTRAINT "membership_charges_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_charges" ADD CONSTRAINT "membership_charges_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_tier_events" ADD CONSTRAINT "membership_tier_events_tier_id_membership_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."membership_tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_tier_events" ADD CONSTRAINT "membership_tier_events_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_tier_titles" ADD CONSTRAINT "membership_tier_titles_tier_id_membership_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."membership_tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_tier_titles" ADD CONSTRAINT "membership_tier_titles_podcast_title_id_podcast_titles_id_fk" FOREIGN KEY ("podcast_title_id") REFERENCES "public"."podcast_titles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_tiers" ADD CONSTRAINT "membership_tiers_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_tier_id_membership_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."membership_tiers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_apps" ADD CONSTRAINT "mobile_apps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_grants" ADD CONSTRAINT "plan_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_grants" ADD CONSTRAINT "plan_grants_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD CONSTRAINT "podcast_episodes_podcast_title_id_podcast_titles_id_fk" FOREIGN KEY ("podcast_title_id") REFERENCES "public"."podcast_titles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD CONSTRAINT "podcast_episodes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "podcast_titles" ADD CONSTRAINT "podcast_titles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "podcast_uploads" ADD CONSTRAINT "podcast_uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_notification_id_push_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."push_notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_notifications" ADD CONSTRAINT "push_notifications_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_notifications" ADD CONSTRAINT "push_notifications_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_notifications" ADD CONSTRAINT "push_notifications_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revoked_feed_tokens" ADD CONSTRAINT "revoked_feed_tokens_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD CONSTRAINT "subscription_invoices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD CONSTRAINT "subscription_invoices_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD CONSTRAINT "subscription_invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_terms_id_terms_documents_id_fk" FOREIGN KEY ("terms_id") REFERENCES "public"."terms_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_documents" ADD CONSTRAINT "terms_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_options" ADD CONSTRAINT "tip_options_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tips" ADD CONSTRAINT "tips_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_token_hash_unique" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_user_idx" ON "api_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "cancelled_events_user_idx" ON "cancelled_events" USING btree ("user_id","cancelled_at");--> statement-breakpoint
CREATE INDEX "chat_messages_event_id_idx" ON "chat_messages" USING btree ("event_id","id");--> statement-breakpoint
CREATE INDEX "chat_messages_event_deleted_idx" ON "chat_messages" USING btree ("event_id","deleted_id");--> statement-breakpoint
CREATE INDEX "demo_documents_order_idx" ON "demo_documents" USING btree ("collection","position");--> statement-breakpoint
CREATE INDEX "event_access_event_idx" ON "event_access" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "events_user_start_idx" ON "events" USING btree ("user_id","start_date_time");--> statement-breakpoint
CREATE INDEX "invoices_user_status_idx" ON "invoices" USING btree ("user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_payment_account_idx" ON "ledger_entries" USING btree ("payment_id","account");--> statement-breakpoint
CREATE INDEX "ledger_user_idx" ON "ledger_entries" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_channels_stream_key_unique" ON "live_channels" USING btree ("stream_key");--> statement-breakpoint
CREATE INDEX "live_recordings_user_idx" ON "live_recordings" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "live_recordings_event_idx" ON "live_recordings" USING btree ("event_id","started_at");--> statement-breakpoint
CREATE INDEX "live_sessions_event_idx" ON "live_sessions" USING btree ("event_id","started_at");--> statement-breakpoint
CREATE INDEX "live_sessions_user_idx" ON "live_sessions" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "local_provider_objects_type_idx" ON "local_provider_objects" USING btree ("type");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_charges_provider_invoice_id_unique" ON "membership_charges" USING btree ("provider_invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_charges_period_idx" ON "membership_charges" USING btree ("membership_id","period_start");--> statement-breakpoint
CREATE INDEX "membership_tier_events_event_idx" ON "membership_tier_events" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "membership_tier_titles_title_idx" ON "membership_tier_titles" USING btree ("podcast_title_id");--> statement-breakpoint
CREATE INDEX "membership_tiers_creator_idx" ON "membership_tiers" USING btree ("creator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_provider_subscription_id_unique" ON "memberships" USING btree ("provider_subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_feed_token_unique" ON "memberships" USING btree ("feed_token");--> statement-breakpoint
CREATE INDEX "memberships_member_idx" ON "memberships" USING btree ("member_id","status");--> statement-breakpoint
CREATE INDEX "memberships_creator_idx" ON "memberships" USING btree ("creator_id","status");--> statement-breakpoint
CREATE INDEX "memberships_tier_idx" ON "memberships" USING btree ("tier_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "mobile_apps_user_unique" ON "mobile_apps" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_user_provider_idx" ON "payment_customers" USING btree ("user_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_intent_id_unique" ON "payments" USING btree ("provider_intent_id");--> statement-breakpoint
CREATE INDEX "payments_creator_idx" ON "payments" USING btree ("creator_id","status");--> statement-breakpoint
CREATE INDEX "payments_payer_idx" ON "payments" USING btree ("payer_id");--> statement-breakpoint
CREATE INDEX "payments_subscription_idx" ON "payments" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "podcast_episodes_title_publish_idx" ON "podcast_episodes" USING btree ("podcast_title_id","publish_date");--> statement-breakpoint
CREATE INDEX "podcast_episodes_user_publish_idx" ON "podcast_episodes" USING btree ("user_id","publish_date");--> statement-breakpoint
CREATE INDEX "podcast_titles_user_idx" ON "podcast_titles" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "push_deliveries_due_idx" ON "push_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "push_deliveries_notification_idx" ON "push_deliveries" USING btree ("notification_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "push_deliveries_notification_subscription_unique" ON "push_deliveries" USING btree ("notification_id","subscription_id");--> statement-breakpoint
CREATE INDEX "push_notifications_creator_idx" ON "push_notifications" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "push_notifications_event_unique" ON "push_notifications" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_creator_endpoint_unique" ON "push_subscriptions" USING btree ("creator_id","endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "revoked_feed_tokens_membership_idx" ON "revoked_feed_tokens" USING btree ("membership_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_invoices_provider_invoice_id_unique" ON "subscription_invoices" USING btree ("provider_invoice_id");--> statement-breakpoint
CREATE INDEX "subscription_invoices_subscription_idx" ON "subscription_invoices" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_subscription_id_unique" ON "subscriptions" USING btree ("provider_subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "tip_options_user_position_idx" ON "tip_options" USING btree ("user_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "tips_payment_id_unique" ON "tips" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "tips_creator_idx" ON "tips" USING btree ("creator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_google_sub_unique" ON "users" USING btree ("google_sub");--> statement-breakpoint
CREATE UNIQUE INDEX "users_apple_sub_unique" ON "users" USING btree ("apple_sub");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE UNIQUE INDEX "users_creator_tag_lower_unique" ON "users" USING btree (lower("creator_tag"));--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id","attempted_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_webhook_idx" ON "webhook_deliveries" USING btree ("webhook_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhooks_user_idx" ON "webhooks" USING btree ("user_id");