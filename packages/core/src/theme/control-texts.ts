import type { LanguageCode } from '../language';
import { DEFAULT_LANGUAGE, LanguageCode as LanguageCodeSchema } from '../language';

/**
 * The default texts of the banner's own controls, per language, beside the theme's default privacy
 * texts (default-texts.ts): the buttons, labels and Consent-or-Pay actions the theme does not set,
 * and the US Do-Not-Sell screen's defaults.
 */

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
  /** The consent step for the sensitive data the publisher declares (issue 15 item 3). */
  sensitiveTitle: 'Sensitive personal data',
  sensitiveIntro:
    'We process these categories of your sensitive personal data only with your consent. Tick each one you agree to; leave it unticked to refuse.',
} as const;
