import { documentCookies } from '../storage/cookies';
import { serveGroupStorage } from '../storage/group-frame';

/** The server replaces this token with the group's site origins (JSON array). */
declare const __ASSENT_GROUP_ORIGINS__: string[];

serveGroupStorage(window, documentCookies(document), __ASSENT_GROUP_ORIGINS__);
