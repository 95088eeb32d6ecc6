-- GBC, Consent-or-Pay and do-not-sell analytics (issue 10; docs/analytics.md): what the runtime's
-- visit event says about them, stored and rolled up as dimensions of the visit.
--   gbc_consent: the Consent Mode state sent where Google basic consent applied to the visitor,
--     one letter per signal (ad_storage, analytics_storage, ad_user_data, ad_personalization):
--     g granted, d denied, - not set; null where it did not apply.
--   cop_choice: Consent or Pay's screen shown ('shown'), its subscribe or log-in clicked
--     ('subscribe', 'login'); null where it was not shown.
--   do_not_sell: a US do-not-sell request made on the page view ('received', or 'fulfilled' when
--     the runtime stored it and sent the US signals); null otherwise.
-- gbc_applicable and cop_applicable are now what the runtime reports (gbc_consent / cop_choice
-- present), no longer the property's configuration when the visit arrived.
alter table visits add column gbc_consent text, add column cop_choice text,
  add column do_not_sell text;
alter table visit_rollup_daily add column gbc_consent text, add column cop_choice text,
  add column do_not_sell text;
alter table visit_rollup_daily drop constraint visit_rollup_daily_key;
alter table visit_rollup_daily add constraint visit_rollup_daily_key unique nulls not distinct (day,
  pcode, property_uuid, theme_id, theme_language, regulation, state, country, device, os, browser,
  page_format, gbc_applicable, cop_applicable, advanced_applicable, variant, outcome, shown,
  gbc_consent, cop_choice, do_not_sell);
-- The properties list and detail reports read the do-not-sell requests of a few properties.
create index visit_rollup_daily_do_not_sell on visit_rollup_daily (property_uuid, day)
  where do_not_sell is not null;
