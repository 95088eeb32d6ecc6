import type { LanguageCode } from '../../language';
import { DEFAULT_LANGUAGE, LanguageCode as LanguageCodeSchema } from '../../language';

/** "Consent ID" in each banner language: the second layer shows it before the visitor's consent id. */
const CONSENT_ID_LABELS: Record<LanguageCode, string> = {
  en: 'Consent ID',
  de: 'Einwilligungs-ID',
  bg: 'ИД на съгласието',
  hr: 'ID privole',
  cs: 'ID souhlasu',
  da: 'Samtykke-ID',
  nl: 'Toestemmings-ID',
  et: 'Nõusoleku ID',
  fi: 'Suostumustunnus',
  fr: 'ID de consentement',
  el: 'Αναγνωριστικό συγκατάθεσης',
  hu: 'Hozzájárulás azonosítója',
  it: 'ID del consenso',
  lv: 'Piekrišanas ID',
  lt: 'Sutikimo ID',
  mt: 'ID tal-kunsens',
  no: 'Samtykke-ID',
  pl: 'Identyfikator zgody',
  pt: 'ID do consentimento',
  ro: 'ID-ul consimțământului',
  ru: 'ID согласия',
  sk: 'ID súhlasu',
  sl: 'ID privolitve',
  th: 'รหัสความยินยอม',
  vi: 'Mã đồng ý',
  ms: 'ID persetujuan',
  es: 'ID de consentimiento',
  sv: 'Samtyckes-ID',
  tr: 'Onay kimliği',
  uk: 'ID згоди',
  hi: 'सहमति आईडी',
  zh: '同意 ID',
};

/** The label of the consent id in a language (English for a language without one). */
export function consentIdLabel(language: string): string {
  const parsed = LanguageCodeSchema.safeParse(language);
  return CONSENT_ID_LABELS[parsed.success ? parsed.data : DEFAULT_LANGUAGE];
}
