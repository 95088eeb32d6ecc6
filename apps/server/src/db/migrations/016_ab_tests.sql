-- A/B tests of themes (issue 10): the variants of a site's test (core's AbTestingSiteCollection:
-- name, themeId, traffic), or null when the site runs none. Set by PUT /customization/v2/site/{id}/ab-test,
-- never by a property save.
alter table properties add column ab_tests jsonb;
