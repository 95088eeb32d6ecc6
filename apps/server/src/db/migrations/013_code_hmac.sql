-- E-mailed codes are stored as HMAC-SHA-256 under the server's key (ASSENT_DATA_DIR/code-key,
-- issue 19 item 20) instead of an unsalted SHA-256, which a leaked table would give away (a million
-- candidates). The codes stored before this migration are erased and ended: whoever was waiting for
-- one is told 'Invalid code provided, please request a code again.' and asks for a new one.
update verification_codes set code_hash = '', used_at = coalesce(used_at, now());
