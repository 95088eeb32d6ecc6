import { EEA_COUNTRIES, expandCountries } from '../country';
import type { LanguageCode } from '../language';
import { DEFAULT_LANGUAGE, LanguageCode as LanguageCodeSchema } from '../language';
import { resolveCmpVersion, supportsFeature } from '../property/cmp-version';
import {
  GBC_PURPOSES,
  gbcAdvancedAvailable,
  gbcAvailable,
  gbcLocationsList,
} from '../property/google-consent';
import { isPurposeOneRequired } from '../property/legal-basis';
import { deriveConsentLocations, regulationsOf } from '../property/regulations';
import type { ConsentLocation, PropertyValues } from '../property/schema';
import { legalBasisOf } from '../property/schema';
import {
  MSPA_CHILD_SENSITIVE_MARKER,
  MSPA_OPT_OUT_PURPOSE_IDS,
  MSPA_SENSITIVE_MARKER,
  normaliseLspact,
  normaliseUspJurisdiction,
} from '../property/us-privacy';
import { hasProhibitedCss } from '../theme/css';
import { canonicalColor } from '../theme/colors';
import { defaultPrivacyBody, defaultPrivacyHeader } from '../theme/default-texts';
import type { LanguageTexts, ThemeValues } from '../theme/schema';
import type { TextChangeRequest } from '../theme/text-change-request';
import { textRequestState } from '../theme/text-change-request';
import { COP_PRIVACY_HEADER_MAX } from '../theme/texts';
import { isSafeLink } from '../validation';
import type { CustomVendor, VendorSelection } from '../vendors/selection';
import { vendorsInScope } from '../vendors/selection';
import type { VendorListResponse } from '../vendors/vendor-list';
import type {
  BannerColors,
  BannerConsentOrPay,
  BannerConsentScope,
  BannerCustomVendor,
  BannerCopTexts,
  BannerGbc,
  BannerGdpr,
  BannerLabels,
  BannerLink,
  BannerRestriction,
  BannerRichBlock,
  BannerRichRun,
  BannerTexts,
  BannerUs,
  BannerUsTexts,
  ConsentModeSignal,
} from './config';
import { BANNER_DEFAULT_COLORS, BannerConfig as BannerConfigSchema } from './config';
import type { BannerConfig, BannerConfigInput } from './config';
import type { BannerConsentModeDefaults, VisitorRegion } from './rules';
import {
  LI_FORBIDDEN_PURPOSES,
  allowedLegitimateInterestPurposes,
  compactVendor,
  bannerConsentModeDefaults,
  partnerCount,
} from './rules';

/**
 * The server's side of the consent runtime, as pure functions: the banner configuration compiled
 * from a property, its theme and the account's vendors; the stub options; the fallback region.
 */

/**
 * The CMP id used when the operator has configured none (ASSENT_CMP_ID unset, or below 2): the
 * largest 12-bit id, which IAB has not assigned. Vendors that check ids against IAB's CMP list
 * ignore such strings (no consent), so an unconfigured server never claims another CMP's id.
 */
export const UNREGISTERED_CMP_ID = 4095;

/** The CMP id the strings carry: the configured one when IAB could have assigned it. */
export const bannerCmpId = (configured: number): number =>
  Number.isInteger(configured) && configured >= 2 && configured <= 4095
    ? configured
    : UNREGISTERED_CMP_ID;

/** How long the visitor's choice is kept (the consent cookies' 13 months), for `{{storageMonths}}`. */
export const CHOICE_STORAGE_MONTHS = 13;

// ---------------------------------------------------------------------------------------------
// Default texts of the runtime's own controls, per language.

/** The texts of the banner's controls that the theme does not set (buttons, labels, CoP actions). */
export interface BannerControlTexts {
  acceptAll: string;
  rejectAll: string;
  moreOptions: string;
  saveAndExit: string;
  privacySettings: string;
  privacyPolicy: string;
  purposes: string;
  specialFeatures: string;
  vendors: string;
  consent: string;
  legitimateInterest: string;
  close: string;
  back: string;
  loading: string;
  viewPreferences: string;
  subscribe: string;
  login: string;
}

const CONTROL_KEYS = [
  'acceptAll',
  'rejectAll',
  'moreOptions',
  'saveAndExit',
  'privacySettings',
  'privacyPolicy',
  'purposes',
  'specialFeatures',
  'vendors',
  'consent',
  'legitimateInterest',
  'close',
  'back',
  'loading',
  'viewPreferences',
  'subscribe',
  'login',
] as const satisfies ReadonlyArray<keyof BannerControlTexts>;

// In CONTROL_KEYS order: accept all, reject all, more options, save & exit, privacy settings,
// privacy policy, purposes, special features, vendors, consent, legitimate interest, close, back,
// loading, view preferences, subscribe, log in.
// prettier-ignore
const CONTROL_TEXT_ROWS: Record<LanguageCode, readonly string[]> = {
  en: ['Accept all', 'Reject all', 'More options', 'Save & exit', 'Privacy settings', 'Privacy policy', 'Purposes', 'Special features', 'Vendors', 'Consent', 'Legitimate interest', 'Close', 'Back', 'Loading…', 'View preferences', 'Subscribe', 'Log in'],
  de: ['Alle akzeptieren', 'Alle ablehnen', 'Weitere Optionen', 'Speichern & schließen', 'Datenschutz-Einstellungen', 'Datenschutzerklärung', 'Zwecke', 'Besondere Merkmale', 'Anbieter', 'Einwilligung', 'Berechtigtes Interesse', 'Schließen', 'Zurück', 'Wird geladen…', 'Einstellungen anzeigen', 'Abonnieren', 'Anmelden'],
  bg: ['Приемам всички', 'Отхвърлям всички', 'Още опции', 'Запази и излез', 'Настройки за поверителност', 'Политика за поверителност', 'Цели', 'Специални функции', 'Доставчици', 'Съгласие', 'Законен интерес', 'Затвори', 'Назад', 'Зареждане…', 'Преглед на предпочитанията', 'Абонирай се', 'Вход'],
  hr: ['Prihvati sve', 'Odbij sve', 'Više opcija', 'Spremi i izađi', 'Postavke privatnosti', 'Pravila privatnosti', 'Svrhe', 'Posebne značajke', 'Dobavljači', 'Privola', 'Legitimni interes', 'Zatvori', 'Natrag', 'Učitavanje…', 'Prikaži postavke', 'Pretplati se', 'Prijava'],
  cs: ['Přijmout vše', 'Odmítnout vše', 'Další možnosti', 'Uložit a zavřít', 'Nastavení soukromí', 'Zásady ochrany soukromí', 'Účely', 'Zvláštní funkce', 'Dodavatelé', 'Souhlas', 'Oprávněný zájem', 'Zavřít', 'Zpět', 'Načítání…', 'Zobrazit předvolby', 'Předplatit', 'Přihlásit se'],
  da: ['Accepter alle', 'Afvis alle', 'Flere valgmuligheder', 'Gem og luk', 'Privatlivsindstillinger', 'Privatlivspolitik', 'Formål', 'Særlige funktioner', 'Leverandører', 'Samtykke', 'Legitim interesse', 'Luk', 'Tilbage', 'Indlæser…', 'Se præferencer', 'Abonner', 'Log ind'],
  nl: ['Alles accepteren', 'Alles weigeren', 'Meer opties', 'Opslaan en sluiten', 'Privacy-instellingen', 'Privacybeleid', 'Doeleinden', 'Speciale functies', 'Leveranciers', 'Toestemming', 'Gerechtvaardigd belang', 'Sluiten', 'Terug', 'Laden…', 'Voorkeuren bekijken', 'Abonneren', 'Inloggen'],
  et: ['Nõustu kõigiga', 'Keeldu kõigist', 'Rohkem valikuid', 'Salvesta ja välju', 'Privaatsusseaded', 'Privaatsuspoliitika', 'Eesmärgid', 'Erifunktsioonid', 'Teenusepakkujad', 'Nõusolek', 'Õigustatud huvi', 'Sulge', 'Tagasi', 'Laadimine…', 'Vaata eelistusi', 'Telli', 'Logi sisse'],
  fi: ['Hyväksy kaikki', 'Hylkää kaikki', 'Lisää vaihtoehtoja', 'Tallenna ja poistu', 'Tietosuoja-asetukset', 'Tietosuojakäytäntö', 'Käyttötarkoitukset', 'Erityisominaisuudet', 'Toimittajat', 'Suostumus', 'Oikeutettu etu', 'Sulje', 'Takaisin', 'Ladataan…', 'Näytä asetukset', 'Tilaa', 'Kirjaudu sisään'],
  fr: ['Tout accepter', 'Tout refuser', "Plus d'options", 'Enregistrer et quitter', 'Paramètres de confidentialité', 'Politique de confidentialité', 'Finalités', 'Fonctionnalités spéciales', 'Partenaires', 'Consentement', 'Intérêt légitime', 'Fermer', 'Retour', 'Chargement…', 'Voir les préférences', "S'abonner", 'Se connecter'],
  el: ['Αποδοχή όλων', 'Απόρριψη όλων', 'Περισσότερες επιλογές', 'Αποθήκευση και έξοδος', 'Ρυθμίσεις απορρήτου', 'Πολιτική απορρήτου', 'Σκοποί', 'Ειδικά χαρακτηριστικά', 'Προμηθευτές', 'Συγκατάθεση', 'Έννομο συμφέρον', 'Κλείσιμο', 'Πίσω', 'Φόρτωση…', 'Προβολή προτιμήσεων', 'Εγγραφή', 'Σύνδεση'],
  hu: ['Összes elfogadása', 'Összes elutasítása', 'További lehetőségek', 'Mentés és kilépés', 'Adatvédelmi beállítások', 'Adatvédelmi irányelvek', 'Célok', 'Különleges funkciók', 'Partnerek', 'Hozzájárulás', 'Jogos érdek', 'Bezárás', 'Vissza', 'Betöltés…', 'Beállítások megtekintése', 'Előfizetés', 'Bejelentkezés'],
  it: ['Accetta tutto', 'Rifiuta tutto', 'Più opzioni', 'Salva ed esci', 'Impostazioni privacy', 'Informativa sulla privacy', 'Finalità', 'Funzionalità speciali', 'Fornitori', 'Consenso', 'Legittimo interesse', 'Chiudi', 'Indietro', 'Caricamento…', 'Visualizza preferenze', 'Abbonati', 'Accedi'],
  lv: ['Pieņemt visu', 'Noraidīt visu', 'Vairāk iespēju', 'Saglabāt un iziet', 'Privātuma iestatījumi', 'Privātuma politika', 'Nolūki', 'Īpašās funkcijas', 'Piegādātāji', 'Piekrišana', 'Leģitīmās intereses', 'Aizvērt', 'Atpakaļ', 'Ielādē…', 'Skatīt preferences', 'Abonēt', 'Pieteikties'],
  lt: ['Priimti viską', 'Atmesti viską', 'Daugiau parinkčių', 'Išsaugoti ir išeiti', 'Privatumo nustatymai', 'Privatumo politika', 'Tikslai', 'Specialiosios funkcijos', 'Paslaugų teikėjai', 'Sutikimas', 'Teisėtas interesas', 'Uždaryti', 'Atgal', 'Įkeliama…', 'Peržiūrėti nuostatas', 'Prenumeruoti', 'Prisijungti'],
  mt: ['Aċċetta kollox', 'Irrifjuta kollox', 'Aktar għażliet', 'Issejvja u oħroġ', 'Settings tal-privatezza', 'Politika tal-privatezza', 'Skopijiet', 'Karatteristiċi speċjali', 'Bejjiegħa', 'Kunsens', 'Interess leġittimu', 'Agħlaq', 'Lura', 'Qed jillowdja…', 'Ara l-preferenzi', 'Abbona', 'Idħol'],
  no: ['Godta alle', 'Avvis alle', 'Flere alternativer', 'Lagre og lukk', 'Personverninnstillinger', 'Personvernerklæring', 'Formål', 'Spesielle funksjoner', 'Leverandører', 'Samtykke', 'Berettiget interesse', 'Lukk', 'Tilbake', 'Laster inn…', 'Vis preferanser', 'Abonner', 'Logg inn'],
  pl: ['Zaakceptuj wszystko', 'Odrzuć wszystko', 'Więcej opcji', 'Zapisz i zamknij', 'Ustawienia prywatności', 'Polityka prywatności', 'Cele', 'Funkcje specjalne', 'Dostawcy', 'Zgoda', 'Prawnie uzasadniony interes', 'Zamknij', 'Wstecz', 'Ładowanie…', 'Pokaż preferencje', 'Subskrybuj', 'Zaloguj się'],
  pt: ['Aceitar tudo', 'Rejeitar tudo', 'Mais opções', 'Guardar e sair', 'Definições de privacidade', 'Política de privacidade', 'Finalidades', 'Funcionalidades especiais', 'Fornecedores', 'Consentimento', 'Interesse legítimo', 'Fechar', 'Voltar', 'A carregar…', 'Ver preferências', 'Subscrever', 'Iniciar sessão'],
  ro: ['Accept tot', 'Refuz tot', 'Mai multe opțiuni', 'Salvează și ieși', 'Setări de confidențialitate', 'Politica de confidențialitate', 'Scopuri', 'Caracteristici speciale', 'Furnizori', 'Consimțământ', 'Interes legitim', 'Închide', 'Înapoi', 'Se încarcă…', 'Vezi preferințele', 'Abonează-te', 'Autentificare'],
  ru: ['Принять все', 'Отклонить все', 'Другие параметры', 'Сохранить и выйти', 'Настройки конфиденциальности', 'Политика конфиденциальности', 'Цели', 'Специальные функции', 'Поставщики', 'Согласие', 'Законный интерес', 'Закрыть', 'Назад', 'Загрузка…', 'Просмотреть настройки', 'Подписаться', 'Войти'],
  sk: ['Prijať všetko', 'Odmietnuť všetko', 'Ďalšie možnosti', 'Uložiť a zavrieť', 'Nastavenia súkromia', 'Zásady ochrany súkromia', 'Účely', 'Osobitné funkcie', 'Dodávatelia', 'Súhlas', 'Oprávnený záujem', 'Zavrieť', 'Späť', 'Načítava sa…', 'Zobraziť predvoľby', 'Predplatiť', 'Prihlásiť sa'],
  sl: ['Sprejmi vse', 'Zavrni vse', 'Več možnosti', 'Shrani in zapri', 'Nastavitve zasebnosti', 'Pravilnik o zasebnosti', 'Nameni', 'Posebne funkcije', 'Ponudniki', 'Privolitev', 'Zakoniti interes', 'Zapri', 'Nazaj', 'Nalaganje…', 'Prikaži nastavitve', 'Naroči se', 'Prijava'],
  th: ['ยอมรับทั้งหมด', 'ปฏิเสธทั้งหมด', 'ตัวเลือกเพิ่มเติม', 'บันทึกและออก', 'การตั้งค่าความเป็นส่วนตัว', 'นโยบายความเป็นส่วนตัว', 'วัตถุประสงค์', 'คุณสมบัติพิเศษ', 'ผู้ให้บริการ', 'ความยินยอม', 'ประโยชน์โดยชอบธรรม', 'ปิด', 'กลับ', 'กำลังโหลด…', 'ดูการตั้งค่า', 'สมัครสมาชิก', 'เข้าสู่ระบบ'],
  vi: ['Chấp nhận tất cả', 'Từ chối tất cả', 'Tùy chọn khác', 'Lưu và thoát', 'Cài đặt quyền riêng tư', 'Chính sách quyền riêng tư', 'Mục đích', 'Tính năng đặc biệt', 'Nhà cung cấp', 'Đồng ý', 'Lợi ích hợp pháp', 'Đóng', 'Quay lại', 'Đang tải…', 'Xem tùy chọn', 'Đăng ký', 'Đăng nhập'],
  ms: ['Terima semua', 'Tolak semua', 'Lagi pilihan', 'Simpan & keluar', 'Tetapan privasi', 'Dasar privasi', 'Tujuan', 'Ciri khas', 'Vendor', 'Persetujuan', 'Kepentingan sah', 'Tutup', 'Kembali', 'Memuatkan…', 'Lihat pilihan', 'Langgan', 'Log masuk'],
  es: ['Aceptar todo', 'Rechazar todo', 'Más opciones', 'Guardar y salir', 'Configuración de privacidad', 'Política de privacidad', 'Finalidades', 'Características especiales', 'Proveedores', 'Consentimiento', 'Interés legítimo', 'Cerrar', 'Atrás', 'Cargando…', 'Ver preferencias', 'Suscribirse', 'Iniciar sesión'],
  sv: ['Godkänn alla', 'Avvisa alla', 'Fler alternativ', 'Spara och stäng', 'Integritetsinställningar', 'Integritetspolicy', 'Ändamål', 'Särskilda funktioner', 'Leverantörer', 'Samtycke', 'Berättigat intresse', 'Stäng', 'Tillbaka', 'Laddar…', 'Visa inställningar', 'Prenumerera', 'Logga in'],
  tr: ['Tümünü kabul et', 'Tümünü reddet', 'Diğer seçenekler', 'Kaydet ve çık', 'Gizlilik ayarları', 'Gizlilik politikası', 'Amaçlar', 'Özel özellikler', 'Sağlayıcılar', 'Onay', 'Meşru menfaat', 'Kapat', 'Geri', 'Yükleniyor…', 'Tercihleri görüntüle', 'Abone ol', 'Giriş yap'],
  uk: ['Прийняти все', 'Відхилити все', 'Більше параметрів', 'Зберегти й вийти', 'Налаштування конфіденційності', 'Політика конфіденційності', 'Цілі', 'Спеціальні функції', 'Постачальники', 'Згода', 'Законний інтерес', 'Закрити', 'Назад', 'Завантаження…', 'Переглянути налаштування', 'Підписатися', 'Увійти'],
  hi: ['सभी स्वीकार करें', 'सभी अस्वीकार करें', 'और विकल्प', 'सहेजें और बाहर निकलें', 'गोपनीयता सेटिंग्स', 'गोपनीयता नीति', 'उद्देश्य', 'विशेष सुविधाएँ', 'विक्रेता', 'सहमति', 'वैध हित', 'बंद करें', 'वापस', 'लोड हो रहा है…', 'प्राथमिकताएँ देखें', 'सदस्यता लें', 'लॉग इन करें'],
  zh: ['全部接受', '全部拒绝', '更多选项', '保存并退出', '隐私设置', '隐私政策', '目的', '特殊功能', '供应商', '同意', '正当利益', '关闭', '返回', '正在加载…', '查看偏好设置', '订阅', '登录'],
};

const toControlTexts = (row: readonly string[]): BannerControlTexts =>
  Object.fromEntries(
    CONTROL_KEYS.map((key, i) => [key, row[i] ?? '']),
  ) as unknown as BannerControlTexts;

/** The default control texts of a language (English for a language without defaults). */
export function bannerControlTexts(language: string): BannerControlTexts {
  const parsed = LanguageCodeSchema.safeParse(language);
  return toControlTexts(CONTROL_TEXT_ROWS[parsed.success ? parsed.data : DEFAULT_LANGUAGE]);
}

/** The US Do-Not-Sell screen's defaults (US law, so English whatever the theme language). */
export const US_DEFAULT_TEXTS = {
  dnsTitle: 'Do Not Sell or Share My Personal Information',
  dnsBody:
    'We and our partners may sell or share your personal information, or use it for targeted advertising. You can opt out at any time.',
  optOutLabel: 'Opt out of the sale and sharing of my personal information',
  confirmLabel: 'Confirm',
  linkLabel: 'Do Not Sell or Share My Personal Information',
} as const;

// ---------------------------------------------------------------------------------------------
// Publisher text: never HTML in the runtime.

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Decodes the HTML entities a rich-text editor writes (named ones above and numeric ones). */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : '';
    }
    return ENTITIES[name.toLowerCase()] ?? all;
  });
}

type Marks = Pick<BannerRichRun, 'b' | 'i' | 'u' | 'href'>;
const MARK_TAGS: Record<string, keyof Marks> = {
  b: 'b',
  strong: 'b',
  i: 'i',
  em: 'i',
  u: 'u',
};
const BLOCK_TAGS = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote']);
const DROPPED_TAGS = new Set(['script', 'style', 'template', 'iframe', 'object', 'svg', 'math']);

const sameMarks = (a: BannerRichRun, b: BannerRichRun) =>
  a.b === b.b && a.i === b.i && a.u === b.u && a.href === b.href;

function tidyRuns(runs: BannerRichRun[]): BannerRichRun[] {
  const out: BannerRichRun[] = [];
  for (const run of runs) {
    const last = out[out.length - 1];
    if (last && sameMarks(last, run)) last.text += run.text;
    else out.push({ ...run });
  }
  for (const run of out) run.text = run.text.replace(/\s+/g, ' ');
  if (out[0]) out[0].text = out[0].text.trimStart();
  const last = out[out.length - 1];
  if (last) last.text = last.text.trimEnd();
  return out.filter((r) => r.text !== '');
}

/**
 * The US Do-Not-Sell body (rich-text HTML from the theme form) as the runtime's safe rich text:
 * paragraphs and lists of text runs with bold, italic, underline and http(s) links. Every other
 * tag is dropped (the content of script-like tags with it); the runtime never parses HTML.
 */
export function htmlToRichText(html: string): BannerRichBlock[] {
  const blocks: BannerRichBlock[] = [];
  let paragraph: BannerRichRun[] = [];
  let list: { kind: 'ul' | 'ol'; items: BannerRichRun[][] } | undefined;
  let item: BannerRichRun[] | undefined;
  const marks: Marks = {};
  const open: Array<{ tag: string; mark?: keyof Marks; previous?: Marks[keyof Marks] }> = [];
  let dropping: string | undefined;
  const setMark = (mark: keyof Marks, value: Marks[keyof Marks]) => {
    if (value === undefined) delete marks[mark];
    else Object.assign(marks, { [mark]: value });
  };

  const flushParagraph = () => {
    const runs = tidyRuns(paragraph);
    if (runs.length) blocks.push({ p: runs });
    paragraph = [];
  };
  const flushItem = () => {
    if (list && item) {
      const runs = tidyRuns(item);
      if (runs.length) list.items.push(runs);
    }
    item = undefined;
  };
  const flushList = () => {
    flushItem();
    if (list?.items.length)
      blocks.push(list.kind === 'ul' ? { ul: list.items } : { ol: list.items });
    list = undefined;
  };
  const addText = (raw: string) => {
    const text = decodeEntities(raw);
    if (!text) return;
    const run: BannerRichRun = { text };
    if (marks.b) run.b = true;
    if (marks.i) run.i = true;
    if (marks.u) run.u = true;
    if (marks.href) run.href = marks.href;
    if (list) (item ??= []).push(run);
    else paragraph.push(run);
  };

  for (const m of html.matchAll(
    /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b([^>]*)>|<!--[\s\S]*?-->|([^<]+|<)/g,
  )) {
    const [, closing, rawTag, attrs, text] = m;
    if (text !== undefined) {
      if (!dropping) addText(text);
      continue;
    }
    if (!rawTag) continue; // a comment
    const tag = rawTag.toLowerCase();
    if (dropping) {
      if (closing && tag === dropping) dropping = undefined;
      continue;
    }
    if (DROPPED_TAGS.has(tag)) {
      if (!closing && !/\/\s*$/.test(attrs ?? '')) dropping = tag;
      continue;
    }
    if (tag === 'br') {
      if (list) item?.push({ text: ' ' });
      else flushParagraph();
    } else if (BLOCK_TAGS.has(tag)) {
      if (list) flushItem();
      else flushParagraph();
    } else if (tag === 'ul' || tag === 'ol') {
      flushParagraph();
      if (!closing) {
        flushList();
        list = { kind: tag, items: [] };
      } else flushList();
    } else if (tag === 'li') {
      flushItem();
      if (!closing && list) item = [];
    } else {
      const mark = tag === 'a' ? 'href' : MARK_TAGS[tag];
      if (!mark) continue;
      if (closing) {
        const index = open.map((o) => o.tag).lastIndexOf(tag);
        if (index < 0) continue;
        for (const o of open.splice(index).reverse()) if (o.mark) setMark(o.mark, o.previous);
      } else {
        const previous = marks[mark];
        if (mark === 'href') {
          const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attrs ?? '');
          const url = decodeEntities(href?.[1] ?? href?.[2] ?? href?.[3] ?? '').trim();
          open.push({ tag, mark, previous });
          setMark('href', isSafeLink(url) ? url : undefined);
        } else {
          open.push({ tag, mark, previous });
          setMark(mark, true);
        }
      }
    }
  }
  if (list) flushList();
  flushParagraph();
  return blocks;
}

/** Whether a text holds HTML tags (rich-text editor output) rather than plain text. */
const looksLikeHtml = (text: string): boolean => /<\/?[a-z][a-z0-9]*\b[^>]*>/i.test(text);

/**
 * A privacy body as the runtime shows it: the fixed segments' `<<…>>` markers removed (their
 * `{{partnerCount}}` and `{{storageMonths}}` placeholders stay for the runtime to fill), and any
 * rich-text markup reduced to its text.
 */
export function bannerPrivacyBody(body: string): string {
  const unmarked = body.replace(/<<([^<>]*)>>/g, '$1');
  if (!looksLikeHtml(unmarked)) return unmarked.replace(/\s+/g, ' ').trim();
  return htmlToRichText(unmarked)
    .map((block) =>
      'p' in block
        ? block.p.map((r) => r.text).join('')
        : ('ul' in block ? block.ul : block.ol)
            .map((runs) => runs.map((r) => r.text).join(''))
            .join(' '),
    )
    .join(' ')
    .trim();
}

/** Fits a header into `max` characters, cutting at a word boundary with an ellipsis when needed. */
function fitText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const safeLinkOrUndefined = (text: string, url: string): BannerLink | undefined => {
  const t = text.trim();
  const u = url.trim();
  return t && isSafeLink(u) ? { text: t, url: u } : undefined;
};

// ---------------------------------------------------------------------------------------------
// Deterministic hashing (no Node built-ins in core).

/** A 53-bit string hash (cyrb53), base 36: stable across runs and platforms. */
function stableHash(text: string, seed = 0): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** JSON with object keys sorted, so equal values always hash alike. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * The group a 'service group' property belongs to: a short key of its group URL (scheme, host and
 * path, case- and trailing-slash-insensitive). Sites of one account with the same group URL share
 * consent.
 */
export function consentGroupKey(groupUrl: string): string {
  const normalised = groupUrl
    .trim()
    .toLowerCase()
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '');
  return `g${stableHash(normalised)}`;
}

// ---------------------------------------------------------------------------------------------
// The compiler.

/** What the banner of one property is compiled from. */
export interface BannerCompileInput {
  /** The stored property (its `uuid` becomes `propertyId`). */
  property: PropertyValues & { uuid: string };
  /** The property's theme; `themeId` is 'preview' for unsaved values. */
  theme: ThemeValues & { themeId: string };
  /** The Global Vendor List (v3) the banner asks consent for. */
  vendorList: VendorListResponse;
  /**
   * The account's vendor selection. An account that never saved one (`updatedAt` null) gets every
   * vendor of the list.
   */
  vendorSelection: Pick<VendorSelection, 'vendorIds' | 'includeNewVendors'> &
    Partial<Pick<VendorSelection, 'googleAtpIds' | 'customVendors'>> & {
      updatedAt?: string | null;
    };
  /** The operator's IAB CMP id (ASSENT_CMP_ID); see `bannerCmpId`. */
  cmpId: number;
  /**
   * Where group consent is stored for 'service group' properties (Assent's group endpoint: the
   * frame page for iframe storage, the storage URL for api storage). Default: the group URL itself.
   */
  groupUrl?: string;
  /**
   * The theme's text change requests. When given, an Advanced Customisation or Consent-or-Pay
   * language entry applies only once its latest request is approved (the standard text applies
   * while one is in review); when absent (the preview) the entries apply as they are.
   */
  textRequests?: readonly TextChangeRequest[];
}

const sortedUnique = (ids: Iterable<number>): number[] => [...new Set(ids)].sort((a, b) => a - b);

/** A non-IAB vendor as the banner shows it: a cookie-safe id, only an http(s) policy link. */
function customVendor(v: CustomVendor): BannerCustomVendor {
  const policyUrl = v.privacyPolicyUrl.trim();
  return {
    id: /^[\w-]{1,64}$/.test(v.id) ? v.id : `c${stableHash(v.id)}`,
    name: v.name.trim(),
    policyUrl: isSafeLink(policyUrl) ? policyUrl : '',
    purposes: sortedUnique(v.purposes),
    legIntPurposes: sortedUnique(v.legIntPurposes),
  };
}

/** GDPR's purposes, special features and stacks: the property's declaration, else the vendors'. */
function legalBasis(
  property: PropertyValues,
  theme: ThemeValues,
  vendors: VendorListResponse['vendors'],
  list: VendorListResponse,
) {
  const purposeIds = new Set(list.purposes.map((p) => p.id));
  const featureIds = new Set(list.specialFeatures.map((f) => f.id));
  const stackIds = new Set(list.stacks.map((s) => s.id));
  let consent: number[];
  let legitimate: number[];
  let specialFeatures: number[];
  let stacks: number[];
  if (property.noLegalBasis) {
    consent = vendors.flatMap((v) => [...v.purposes, ...v.flexiblePurposes]);
    legitimate = vendors.flatMap((v) => v.legIntPurposes);
    specialFeatures = vendors.flatMap((v) => v.specialFeatures);
    stacks = theme.use === 'stacks' ? theme.stacks.map((s) => s.stacks) : [];
  } else {
    ({ consent, legitimate } = legalBasisOf(property));
    specialFeatures = property.specialFeatures;
    stacks = property.stackIds.length
      ? property.stackIds
      : theme.use === 'stacks'
        ? theme.stacks.map((s) => s.stacks)
        : [];
  }
  return {
    consent: sortedUnique(consent.filter((id) => purposeIds.has(id))),
    legitimate: sortedUnique(
      allowedLegitimateInterestPurposes(legitimate).filter((id) => id !== 1 && purposeIds.has(id)),
    ),
    specialFeatures: sortedUnique(specialFeatures.filter((id) => featureIds.has(id))),
    stacks: sortedUnique(stacks.filter((id) => stackIds.has(id))),
  };
}

/**
 * Publisher restrictions from the theme: 'require consent' (type 1) for the vendors that declare
 * the purpose as flexible legitimate interest, 'require legitimate interest' (type 2) for those
 * that declare it as flexible consent. Other vendors cannot honour a restriction, so none is sent
 * for them; LI restrictions on purposes 1 and 3–6 are not allowed and are dropped.
 */
function restrictions(
  theme: ThemeValues,
  vendors: VendorListResponse['vendors'],
): BannerRestriction[] {
  const out: BannerRestriction[] = [];
  const forPurposes = (ids: readonly number[] | undefined, type: 1 | 2) => {
    for (const purposeId of sortedUnique(ids ?? [])) {
      if (purposeId > 63) continue;
      if (type === 2 && (purposeId === 1 || LI_FORBIDDEN_PURPOSES.includes(purposeId))) continue;
      const vendorIds = vendors
        .filter(
          (v) =>
            v.flexiblePurposes.includes(purposeId) &&
            (type === 1 ? v.legIntPurposes : v.purposes).includes(purposeId),
        )
        .map((v) => v.id);
      if (vendorIds.length) out.push({ purposeId, type, vendorIds });
    }
  };
  forPurposes(theme.publisherConsentRestrictionIds, 1);
  forPurposes(theme.publisherLIRestrictionIds, 2);
  return out;
}

const EEA_AND_UK: readonly string[] = [...EEA_COUNTRIES, 'GB'];

/** gtag regions of Google basic consent's locations ([] = everywhere; undefined = nowhere). */
function gbcRegions(locations: readonly ConsentLocation[]): string[] | undefined {
  if (locations.includes('WORLDWIDE')) return [];
  const regions = [
    ...(locations.includes('EEA') ? EEA_AND_UK : []),
    ...(locations.includes('USA') ? ['US'] : []),
  ];
  return regions.length ? regions : undefined;
}

function compileGbc(property: PropertyValues): BannerGbc | undefined {
  const version = property.cmpVersion;
  if (!property.gbcEnabled || !gbcAvailable(version)) return undefined;
  const regions = gbcRegions(gbcLocationsList(property.gbcLocations));
  const purposes = property.gbcApplicablePurposes
    .filter((p) => p.enabled !== false)
    .flatMap((p) => {
      const known = GBC_PURPOSES.find((g) => g.id === p.id);
      return known
        ? [{ id: known.consentType as ConsentModeSignal, default: p.defaultValue ?? 'DENIED' }]
        : [];
    });
  if (!regions || !purposes.length) return undefined;
  const advanced = gbcAdvancedAvailable(version);
  return {
    enabled: true,
    regions,
    purposes,
    urlPassThrough: advanced && property.urlPassThrough,
    adsDataRedaction: advanced && property.adsDataRedaction,
  };
}

function compileUs(property: PropertyValues): BannerUs {
  const mspaSupported = supportsFeature(property.cmpVersion, 'consentLocations');
  const combined = property.mspaOptOutPurposeIds;
  const chosen = (property.mspaPurposeIds.length ? property.mspaPurposeIds : combined).filter(
    (id) => MSPA_OPT_OUT_PURPOSE_IDS.includes(id),
  );
  const sensitive =
    property.mspaSensitiveDataProcessing === 'yes' || combined.includes(MSPA_SENSITIVE_MARKER);
  const child =
    property.mspaChildSensitiveDataProcessing === 'yes' ||
    combined.includes(MSPA_CHILD_SENSITIVE_MARKER);
  const footerElementId = property.mspaFooterHtmlId.trim();
  return {
    // Versions before the multi-regulation release know only the US privacy string.
    uspEnabled: property.ccpaViaUsp || !mspaSupported,
    uspLspact: normaliseLspact(property.uspLspact) === 'Y',
    uspJurisdiction: normaliseUspJurisdiction(property.uspJurisdiction),
    ...(mspaSupported
      ? {
          mspa: {
            coveredTransaction: property.isCoveredTransaction,
            jurisdiction: property.mspaJurisdiction,
            optOutPurposes: chosen.length ? sortedUnique(chosen) : [1, 2, 3],
            sensitiveDataCategories: sensitive
              ? sortedUnique(
                  property.mspaSensitiveDataPurposeIds.filter((id) => id >= 1 && id <= 16),
                )
              : [],
            childSensitiveData: child,
            autoPopUp: property.mspaAutoPopUp,
            ...(property.mspaAutoPopUp === 'link' &&
            footerElementId &&
            supportsFeature(property.cmpVersion, 'mspaFooterLink')
              ? { footerElementId }
              : {}),
          },
        }
      : {}),
  };
}

function compileColors(theme: ThemeValues): BannerColors {
  if (theme.themeType !== 'SITE') return { ...BANNER_DEFAULT_COLORS };
  const pick = (value: string, fallback: string) => canonicalColor(value) ?? fallback;
  const d = BANNER_DEFAULT_COLORS;
  return {
    fontColor: pick(theme.uxFontColor, d.fontColor),
    linkColor: pick(theme.uxLinkColor, d.linkColor),
    backgroundColor: pick(theme.uxBackgroundColor, d.backgroundColor),
    toggleActiveColor: pick(theme.uxToogleActiveColor, d.toggleActiveColor),
    primaryButtonColor: pick(theme.uxPrimaryButtonColor, d.primaryButtonColor),
    primaryButtonTextColor: pick(theme.uxPrimaryButtonTextColor, d.primaryButtonTextColor),
    secondaryButtonColor: pick(theme.uxSecondaryButtonColor, d.secondaryButtonColor),
    secondaryButtonTextColor: pick(theme.uxSecondaryButtonTextColor, d.secondaryButtonTextColor),
  };
}

/** The language entries (Advanced Customisation or Consent or Pay) that apply, by language. */
function entriesInUse(
  entries: readonly LanguageTexts[],
  themeId: string,
  customizationType: 'advanced' | 'CoP',
  requests: readonly TextChangeRequest[] | undefined,
): Map<string, LanguageTexts> {
  const out = new Map<string, LanguageTexts>();
  for (const entry of entries) {
    const approved =
      !requests ||
      textRequestState(
        requests,
        { themeId, language: entry.language, customizationType },
        new Date(0),
      ).textInUse === 'custom';
    if (approved && !out.has(entry.language)) out.set(entry.language, entry);
  }
  return out;
}

const MAX_BUTTON = 40;
const orDefault = (value: string | undefined, fallback: string, max = Infinity) => {
  const v = (value ?? '').trim();
  return v ? fitText(v, max) : fallback;
};

function usTexts(theme: ThemeValues): BannerUsTexts {
  const body = htmlToRichText(theme.uspDnsText);
  const links = theme.suppressCcpaLinks
    ? {}
    : {
        deleteDataLink: safeLinkOrUndefined(theme.uspDeleteDataLinkText, theme.uspDeleteDataLink),
        accessDataLink: safeLinkOrUndefined(theme.uspAccessDataLinkText, theme.uspAccessDataLink),
        privacyPolicyLink: safeLinkOrUndefined(
          theme.uspPrivacyPolicyLinkText,
          theme.uspPrivacyPolicyLink,
        ),
      };
  return {
    dnsTitle: orDefault(theme.uspDnsTitleText, US_DEFAULT_TEXTS.dnsTitle),
    dnsBody: body.length ? body : [{ p: [{ text: US_DEFAULT_TEXTS.dnsBody }] }],
    optOutLabel: US_DEFAULT_TEXTS.optOutLabel,
    confirmLabel: US_DEFAULT_TEXTS.confirmLabel,
    linkLabel: US_DEFAULT_TEXTS.linkLabel,
    suppressLinks: theme.suppressCcpaLinks,
    ...Object.fromEntries(Object.entries(links).filter(([, v]) => v !== undefined)),
  };
}

function footerLinks(
  theme: ThemeValues,
  entry: LanguageTexts | undefined,
  privacyLink: string,
  privacyLabel: string,
): BannerLink[] {
  const fromEntry = (entry?.customFooterLink ?? []).map((l) =>
    safeLinkOrUndefined(l.label, l.link),
  );
  const fromTheme = theme.uxInitialScreenCustomLinks.map((l) => safeLinkOrUndefined(l.text, l.url));
  const links = (fromEntry.some(Boolean) ? fromEntry : fromTheme).filter(
    (l): l is BannerLink => l !== undefined,
  );
  const policy = privacyLink.trim();
  if (isSafeLink(policy) && !links.some((l) => l.url === policy)) {
    links.unshift({ text: privacyLabel, url: policy });
  }
  return links.slice(0, 3);
}

interface TextContext {
  theme: ThemeValues;
  property: PropertyValues;
  list: VendorListResponse;
  gdpr:
    | Pick<
        BannerGdpr,
        'consentPurposes' | 'legitimateInterestPurposes' | 'specialFeatures' | 'stacks'
      >
    | undefined;
  us: boolean;
}

function languageTexts(
  language: string,
  entry: LanguageTexts | undefined,
  ctx: TextContext,
): BannerTexts {
  const { theme, property, list, gdpr } = ctx;
  const defaults = bannerControlTexts(language);
  // Theme-level texts are written in the theme's own language.
  const own = language === theme.language;
  const variant = theme.themeType === 'SITE' ? 'site' : 'app';
  const names = <T extends { id: number; name: string }>(
    items: readonly T[],
    ids: readonly number[],
  ) =>
    Object.fromEntries(items.filter((i) => ids.includes(i.id)).map((i) => [String(i.id), i.name]));
  const labels: BannerLabels = {
    purposes: defaults.purposes,
    specialFeatures: defaults.specialFeatures,
    vendors: defaults.vendors,
    consent: defaults.consent,
    legitimateInterest: defaults.legitimateInterest,
    close: defaults.close,
    back: defaults.back,
    loading: defaults.loading,
  };
  return {
    agreeButton: orDefault(
      entry?.agreeButton || (own ? theme.agreeButton : ''),
      defaults.acceptAll,
      MAX_BUTTON,
    ),
    disagreeButton: orDefault(
      entry?.disagreeButton || (own ? theme.initScreenRejectButton : ''),
      defaults.rejectAll,
      MAX_BUTTON,
    ),
    // The theme's second button text (saveAndExitButton) is the first layer's secondary button.
    moreOptionsButton: orDefault(
      entry?.secondaryButton || (own ? theme.saveAndExitButton : ''),
      defaults.moreOptions,
      MAX_BUTTON,
    ),
    saveAndExitButton: defaults.saveAndExit,
    privacyHeader: orDefault(entry?.privacyHeader, defaultPrivacyHeader(language)),
    privacyBody: bannerPrivacyBody(
      entry?.privacyBody.trim() ? entry.privacyBody : defaultPrivacyBody(language, variant),
    ),
    consentLinkLabel: orDefault(
      own && theme.themeType === 'SITE' ? theme.consentLinkLabel : '',
      defaults.privacySettings,
    ),
    footerLinks: footerLinks(theme, entry, property.gdprPrivacyLink, defaults.privacyPolicy),
    purposeNames: gdpr
      ? names(list.purposes, [...gdpr.consentPurposes, ...gdpr.legitimateInterestPurposes])
      : {},
    specialFeatureNames: gdpr ? names(list.specialFeatures, gdpr.specialFeatures) : {},
    stackNames: gdpr ? names(list.stacks, gdpr.stacks) : {},
    labels,
    ...(ctx.us ? { us: usTexts(theme) } : {}),
  };
}

function copTexts(
  language: string,
  entry: LanguageTexts | undefined,
  texts: BannerTexts,
  layout: 'Subscribe' | 'SubscribeAndLogin',
  partnerCount: number,
  variant: 'site' | 'app',
): BannerCopTexts {
  const defaults = bannerControlTexts(language);
  const body = bannerPrivacyBody(
    entry?.privacyBody.trim() ? entry.privacyBody : defaultPrivacyBody(language, variant),
  )
    .replaceAll('{{partnerCount}}', String(partnerCount))
    .replaceAll('{{storageMonths}}', String(CHOICE_STORAGE_MONTHS));
  return {
    privacyHeader: fitText(
      orDefault(entry?.privacyHeader, defaultPrivacyHeader(language)),
      COP_PRIVACY_HEADER_MAX,
    ),
    privacyBody: body,
    acceptLabel: orDefault(entry?.agreeButton, texts.agreeButton, MAX_BUTTON),
    viewPreferencesLabel: orDefault(entry?.viewPreferencesLabel, defaults.viewPreferences),
    subscribeLabel: orDefault(entry?.action1Label, defaults.subscribe),
    ...(layout === 'SubscribeAndLogin'
      ? { loginLabel: orDefault(entry?.action2Label, defaults.login) }
      : {}),
  };
}

/** The parts of a config whose change must discard stored choices (not texts, colours or vendors). */
function consentRelevantParts(c: Omit<BannerConfigInput, 'configVersion'>) {
  return {
    cmpId: c.cmpId,
    consentLocations: c.consentLocations,
    consentScope: c.consentScope,
    gdpr: c.gdpr && {
      encodingMode: c.gdpr.encodingMode,
      tcfPolicyVersion: c.gdpr.tcfPolicyVersion,
      consentPurposes: c.gdpr.consentPurposes,
      legitimateInterestPurposes: c.gdpr.legitimateInterestPurposes,
      specialFeatures: c.gdpr.specialFeatures,
      purposeOneTreatment: c.gdpr.purposeOneTreatment,
      publisherCC: c.gdpr.publisherCC,
      isServiceSpecific: c.gdpr.isServiceSpecific,
      restrictions: c.gdpr.restrictions,
      publisherTC: c.gdpr.publisherTC,
    },
    us: c.us,
    consentOrPay: c.consentOrPay && {
      countries: c.consentOrPay.countries,
      callbacks: c.consentOrPay.callbacks,
    },
  };
}

/**
 * Compiles the banner configuration of a property: regulations and consent locations, consent
 * scope, TCF (policy version 4, or 5 from the 'tcf23' release; purposes, LI, special features and
 * stacks from the property's legal basis, else from the vendors' declarations; vendors in scope;
 * publisher restrictions from the theme), US privacy (USP and MSPA), Google basic consent, Consent
 * or Pay, and the theme's look and texts per language (defaults where the theme leaves them empty).
 * Deterministic; the result parses with `BannerConfig`. `configVersion` hashes only what must
 * discard stored choices when it changes.
 */
export function compileBannerConfig(input: BannerCompileInput): BannerConfig {
  const { property, theme, vendorList: list } = input;
  const version = property.cmpVersion;
  const regulations = regulationsOf(property);
  const locations = supportsFeature(version, 'consentLocations')
    ? property.consentLocations
    : deriveConsentLocations(property.privacyModes, property.requireConsentFrom);

  const active = list.vendors.filter((v) => !v.deletedDate);
  const inScope = new Set(
    input.vendorSelection.updatedAt === null || input.vendorSelection.updatedAt === undefined
      ? active.map((v) => v.id)
      : vendorsInScope(
          input.vendorSelection,
          active.map((v) => v.id),
        ),
  );
  const vendors = active.filter((v) => inScope.has(v.id)).sort((a, b) => a.id - b.id);

  let gdpr: BannerGdpr | undefined;
  if (regulations.gdpr) {
    const basis = legalBasis(property, theme, vendors, list);
    const publisherCC = /^[A-Z]{2}$/.test(property.publisherCC) ? property.publisherCC : 'GB';
    gdpr = {
      encodingMode: property.gdprEncodingMode,
      tcfPolicyVersion: supportsFeature(version, 'tcf23') ? 5 : 4,
      vendorListVersion: list.vendorListVersion,
      vendorListUpdatedAt: list.lastUpdated,
      consentPurposes: basis.consent,
      legitimateInterestPurposes: basis.legitimate,
      specialFeatures: basis.specialFeatures,
      stacks: basis.stacks,
      purposeOneTreatment: !isPurposeOneRequired(publisherCC) && !basis.consent.includes(1),
      publisherCC,
      isServiceSpecific: true,
      includeVendorsDisclosedSegment: property.includeVendorsDisclosedSegment,
      vendors: vendors.map((v) => compactVendor({ ...v, deletedDate: undefined })),
      restrictions: restrictions(theme, vendors),
      googleVendors: property.googleEnabled
        ? sortedUnique(input.vendorSelection.googleAtpIds ?? [])
        : [],
      customVendors: (input.vendorSelection.customVendors ?? []).map(customVendor),
      storageMonths: CHOICE_STORAGE_MONTHS,
    };
  }

  // 'global' scope was withdrawn from TCF 2.2: consent is asked per site (service).
  const groupUrl = (input.groupUrl ?? property.consentScopeGroupURL).trim();
  const consentScope: BannerConsentScope =
    property.consentScope === 'service group' && isSafeLink(groupUrl)
      ? { type: 'serviceGroup', groupUrl, storage: property.thirdPartyStorageType ?? 'iframe' }
      : { type: 'service' };

  const advanced = entriesInUse(
    theme.advancedCustomizationSettings,
    theme.themeId,
    'advanced',
    input.textRequests,
  );
  const languages = [...new Set([theme.language, ...advanced.keys()])].sort((a, b) =>
    a === theme.language ? -1 : b === theme.language ? 1 : a < b ? -1 : 1,
  );
  const textContext: TextContext = { theme, property, list, gdpr, us: regulations.us };
  const texts = Object.fromEntries(
    languages.map((language) => [
      language,
      languageTexts(language, advanced.get(language), textContext),
    ]),
  );

  let consentOrPay: BannerConsentOrPay | undefined;
  const cop = property.consentOrPayConfig;
  const action1 = cop.callbacks.action1.trim();
  const action2 = cop.callbacks.action2.trim();
  if (gdpr && cop.enabled && supportsFeature(version, 'consentOrPay') && isSafeLink(action1)) {
    const copEntries = entriesInUse(
      theme.consentOrPaySettings,
      theme.themeId,
      'CoP',
      input.textRequests,
    );
    const variant = theme.themeType === 'SITE' ? 'site' : 'app';
    consentOrPay = {
      enabled: true,
      countries: expandCountries(cop.countries),
      layout: theme.consentOrPayLayout,
      callbacks: { action1, ...(isSafeLink(action2) ? { action2 } : {}) },
      redirect: cop.callbackRedirectMethod,
      texts: Object.fromEntries(
        languages.map((language) => [
          language,
          copTexts(
            language,
            copEntries.get(language),
            texts[language]!,
            theme.consentOrPayLayout,
            partnerCount(gdpr),
            variant,
          ),
        ]),
      ),
    };
  }

  const gbc = compileGbc(property);
  const css = theme.themeType === 'SITE' ? theme.uxCustomizedCss.trim() : '';
  const config: Omit<BannerConfigInput, 'configVersion'> = {
    schema: 1,
    propertyId: property.uuid,
    themeId: theme.themeId,
    cmpId: bannerCmpId(input.cmpId),
    cmpVersion: resolveCmpVersion(version),
    consentLocations: locations.length ? [...locations] : ['NEVER'],
    consentScope,
    repromtDaysAfterGvlUpdate: Math.min(350, Math.max(0, property.repromtDaysAfterGvlUpdate)),
    ...(gdpr ? { gdpr } : {}),
    ...(regulations.us ? { us: compileUs(property) } : {}),
    ...(gbc ? { gbc } : {}),
    ...(consentOrPay ? { consentOrPay } : {}),
    theme: {
      displayUi:
        theme.themeType === 'SITE' && theme.initialScreen === 'SUMMARY' ? theme.displayUi : 'popup',
      initialScreen: theme.themeType === 'SITE' ? theme.initialScreen : 'SUMMARY',
      colors: compileColors(theme),
      rejectButton: theme.initScreenRejectButtonShowing,
      closeButton: theme.themeType === 'SITE' && theme.initScreenCloseButtonShowing,
      persistentLink:
        theme.themeType === 'SITE'
          ? {
              enabled: theme.uxPersistentConsentButton || theme.uxSoftOptIns,
              location: theme.uxPersistentConsentLinkLocation,
            }
          : { enabled: false, location: 'BOTTOM_RIGHT' },
      // Validated on save; checked again so a stored sheet that slipped through never ships.
      customCss: css && !hasProhibitedCss(css) && !css.includes('<') ? css : '',
      defaultLanguage: theme.language,
      texts,
    },
  };
  const configVersion = `v${stableHash(canonicalJson(consentRelevantParts(config)))}`;
  return BannerConfigSchema.parse({ ...config, configVersion });
}

// ---------------------------------------------------------------------------------------------
// What the server inlines with the runtime.

/** The inline stub's options (packages/banner `StubOptions`). */
export interface BannerStubOptions {
  tcf?: boolean;
  gpp?: boolean;
  usp?: boolean;
  gdprApplies?: boolean;
  cmpId?: number;
  consentMode?: BannerConsentModeDefaults;
}

/** The stub's options for a property's banner: only the APIs its config uses. */
export function bannerStubOptions(config: BannerConfig): BannerStubOptions {
  const gdpr = config.gdpr;
  return {
    tcf: !!gdpr,
    gpp: (!!gdpr && gdpr.encodingMode !== 'TCF') || !!config.us,
    usp: !!config.us?.uspEnabled,
    cmpId: config.cmpId,
    ...(config.gbc?.enabled ? { consentMode: bannerConsentModeDefaults(config.gbc) } : {}),
  };
}

/**
 * The stub options of the universal tag, which serves every site of an account and cannot know
 * which APIs a page's property uses: every API is stubbed; consent mode defaults come with cmp.js.
 */
export const universalStubOptions = (cmpId: number): BannerStubOptions => ({
  tcf: true,
  gpp: true,
  usp: true,
  cmpId: bannerCmpId(cmpId),
});

/**
 * Where a visitor whose location is unknown is treated as coming from: the publisher's own
 * country (a German publisher's visitors get the GDPR banner, a US publisher's the US screen).
 */
export const visitorRegionFallback = (
  property: Pick<PropertyValues, 'publisherCC'>,
): VisitorRegion => ({
  country: /^[A-Za-z]{2}$/.test(property.publisherCC) ? property.publisherCC.toUpperCase() : 'GB',
});
