CREATE TABLE "item_counts" (
	"user_id" bigint NOT NULL,
	"type" text NOT NULL,
	"private" boolean NOT NULL,
	"unread" boolean NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "item_counts_user_id_type_private_unread_pk" PRIMARY KEY("user_id","type","private","unread")
);
--> statement-breakpoint
ALTER TABLE "item_counts" ADD CONSTRAINT "item_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE OR REPLACE FUNCTION folio_item_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE item_counts SET n = n - 1
    WHERE user_id = OLD.user_id AND type = OLD.type AND private = OLD.private AND unread = OLD.unread;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO item_counts (user_id, type, private, unread, n)
    VALUES (NEW.user_id, NEW.type, NEW.private, NEW.unread, 1)
    ON CONFLICT (user_id, type, private, unread) DO UPDATE SET n = item_counts.n + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER items_counts_insert_delete AFTER INSERT OR DELETE ON items
  FOR EACH ROW EXECUTE FUNCTION folio_item_counts();
--> statement-breakpoint
CREATE TRIGGER items_counts_update AFTER UPDATE OF user_id, type, private, unread ON items
  FOR EACH ROW
  WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.type IS DISTINCT FROM NEW.type
        OR OLD.private IS DISTINCT FROM NEW.private OR OLD.unread IS DISTINCT FROM NEW.unread)
  EXECUTE FUNCTION folio_item_counts();
--> statement-breakpoint
INSERT INTO item_counts (user_id, type, private, unread, n)
SELECT user_id, type, private, unread, count(*)::int FROM items GROUP BY user_id, type, private, unread;
