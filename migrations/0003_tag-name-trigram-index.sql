-- Tag suggestions: substring match on one user's tags, fast at 10,000 tags (btree_gin + pg_trgm).
CREATE INDEX "tags_user_name_trgm_idx" ON "tags" USING gin ("user_id", lower("name") gin_trgm_ops);
