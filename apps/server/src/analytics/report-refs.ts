import { propertyIdentifier } from '@assent/core/property';
import type { Db } from '../db';
import { properties, themeRefs } from '../repositories/properties';

/**
 * An account's properties as the reports name them (the analytics `properties` route, and the
 * names a report file shows): each by its identifier (url or package id).
 */
export async function reportProperties(db: Db, pcode: string) {
  const list = await properties.list(db, pcode);
  return list.map((p) => ({ siteUuid: p.uuid, url: propertyIdentifier(p), isDisabled: false }));
}

/** An account's themes (the built-in ones included) as the reports name them. */
export async function reportThemes(db: Db, pcode: string) {
  return (await themeRefs(db, pcode)).map((t) => ({ uuid: t.themeId, themeName: t.themeName }));
}
