import { DEFAULT_LANGUAGE, LanguageCode } from '../language';
import type { PrivacyBodyText } from './schema';
import { FIXED_SEGMENT_COUNT } from './texts';

/**
 * The default consent texts (themes-and-bulk-update §9): a privacy header and a privacy body per
 * language, for sites and apps. The body's four fixed segments (in double angle brackets) carry the
 * disclosures the TCF policy requires on the first layer: storage and access with the number of
 * partners, the purposes, legitimate interest and the right to object, and the storage duration
 * with the right to withdraw. The closing sentence, outside the segments, differs for sites and apps.
 */

/** Placeholders filled when the banner is shown. */
export const CONSENT_TEXT_PLACEHOLDERS = {
  partnerCount: '{{partnerCount}}',
  storageMonths: '{{storageMonths}}',
} as const;

/** Which product the text is for: sites point to the privacy link, apps to the app's settings. */
export type ConsentTextVariant = 'site' | 'app';

interface LanguageDefaults {
  header: string;
  segments: readonly [string, string, string, string];
  site: string;
  app: string;
}

export const DEFAULT_CONSENT_TEXTS: Readonly<Record<LanguageCode, LanguageDefaults>> = {
  en: {
    header: 'We value your privacy',
    segments: [
      'We and our {{partnerCount}} partners store and/or access information on your device, such as cookies, and process personal data such as unique identifiers.',
      'This data is used for personalised advertising and content, advertising and content measurement, audience research and service development.',
      'Some partners rely on legitimate interest instead of consent; you can object to this in the settings.',
      'Your choices are stored for up to {{storageMonths}} months and you can withdraw your consent at any time.',
    ],
    site: 'Use the privacy settings link on this page to review or change your choices.',
    app: 'Open the privacy settings in this app to review or change your choices.',
  },
  de: {
    header: 'Wir respektieren Ihre Privatsphäre',
    segments: [
      'Wir und unsere {{partnerCount}} Partner speichern Informationen auf Ihrem Gerät und/oder greifen darauf zu, etwa Cookies, und verarbeiten personenbezogene Daten wie eindeutige Kennungen.',
      'Diese Daten werden für personalisierte Werbung und Inhalte, Werbe- und Inhaltsmessung, Zielgruppenforschung und die Entwicklung von Diensten genutzt.',
      'Einige Partner stützen sich auf berechtigtes Interesse statt auf Einwilligung; Sie können dem in den Einstellungen widersprechen.',
      'Ihre Auswahl wird bis zu {{storageMonths}} Monate gespeichert, und Sie können Ihre Einwilligung jederzeit widerrufen.',
    ],
    site: 'Über den Link zu den Datenschutzeinstellungen auf dieser Seite können Sie Ihre Auswahl prüfen oder ändern.',
    app: 'In den Datenschutzeinstellungen dieser App können Sie Ihre Auswahl prüfen oder ändern.',
  },
  bg: {
    header: 'Ценим вашата поверителност',
    segments: [
      'Ние и нашите {{partnerCount}} партньори съхраняваме и/или осъществяваме достъп до информация на вашето устройство, като например бисквитки, и обработваме лични данни, като например уникални идентификатори.',
      'Тези данни се използват за персонализирани реклами и съдържание, измерване на реклами и съдържание, проучване на аудиторията и разработване на услуги.',
      'Някои партньори разчитат на законен интерес вместо на съгласие; можете да възразите срещу това в настройките.',
      'Вашият избор се съхранява до {{storageMonths}} месеца и можете да оттеглите съгласието си по всяко време.',
    ],
    site: 'Използвайте връзката за настройки за поверителност на тази страница, за да прегледате или промените избора си.',
    app: 'Отворете настройките за поверителност в това приложение, за да прегледате или промените избора си.',
  },
  hr: {
    header: 'Cijenimo vašu privatnost',
    segments: [
      'Mi i naših {{partnerCount}} partnera pohranjujemo i/ili pristupamo informacijama na vašem uređaju, kao što su kolačići, te obrađujemo osobne podatke kao što su jedinstveni identifikatori.',
      'Ti se podaci koriste za personalizirane oglase i sadržaj, mjerenje oglasa i sadržaja, istraživanje publike i razvoj usluga.',
      'Neki se partneri oslanjaju na legitimni interes umjesto na privolu; tome se možete usprotiviti u postavkama.',
      'Vaši se odabiri pohranjuju do {{storageMonths}} mjeseci i svoju privolu možete povući u bilo kojem trenutku.',
    ],
    site: 'Putem poveznice za postavke privatnosti na ovoj stranici možete pregledati ili promijeniti svoje odabire.',
    app: 'Otvorite postavke privatnosti u ovoj aplikaciji kako biste pregledali ili promijenili svoje odabire.',
  },
  cs: {
    header: 'Vážíme si vašeho soukromí',
    segments: [
      'My a našich {{partnerCount}} partnerů ukládáme a/nebo používáme informace ve vašem zařízení, například soubory cookie, a zpracováváme osobní údaje, například jedinečné identifikátory.',
      'Tyto údaje slouží k personalizované reklamě a obsahu, měření reklamy a obsahu, průzkumu publika a vývoji služeb.',
      'Někteří partneři místo souhlasu vycházejí z oprávněného zájmu; proti tomu můžete v nastavení vznést námitku.',
      'Vaše volby uchováváme až {{storageMonths}} měsíců a svůj souhlas můžete kdykoli odvolat.',
    ],
    site: 'Své volby můžete zkontrolovat nebo změnit pomocí odkazu na nastavení soukromí na této stránce.',
    app: 'Své volby můžete zkontrolovat nebo změnit v nastavení soukromí této aplikace.',
  },
  da: {
    header: 'Vi værner om dit privatliv',
    segments: [
      "Vi og vores {{partnerCount}} partnere gemmer og/eller tilgår oplysninger på din enhed, såsom cookies, og behandler personoplysninger såsom unikke id'er.",
      'Disse data bruges til personaliserede annoncer og indhold, måling af annoncer og indhold, målgruppeundersøgelser og udvikling af tjenester.',
      'Nogle partnere bruger legitim interesse i stedet for samtykke; det kan du gøre indsigelse mod i indstillingerne.',
      'Dine valg gemmes i op til {{storageMonths}} måneder, og du kan til enhver tid trække dit samtykke tilbage.',
    ],
    site: 'Brug linket til privatlivsindstillinger på denne side for at se eller ændre dine valg.',
    app: 'Åbn privatlivsindstillingerne i denne app for at se eller ændre dine valg.',
  },
  nl: {
    header: 'Wij hechten waarde aan uw privacy',
    segments: [
      'Wij en onze {{partnerCount}} partners slaan informatie op uw apparaat op en/of openen deze, zoals cookies, en verwerken persoonsgegevens zoals unieke identificatoren.',
      'Deze gegevens worden gebruikt voor gepersonaliseerde advertenties en content, advertentie- en contentmeting, doelgroeponderzoek en de ontwikkeling van diensten.',
      'Sommige partners baseren zich op gerechtvaardigd belang in plaats van toestemming; u kunt daartegen bezwaar maken in de instellingen.',
      'Uw keuzes worden maximaal {{storageMonths}} maanden bewaard en u kunt uw toestemming op elk moment intrekken.',
    ],
    site: 'Via de link naar de privacyinstellingen op deze pagina kunt u uw keuzes bekijken of wijzigen.',
    app: 'Open de privacyinstellingen in deze app om uw keuzes te bekijken of te wijzigen.',
  },
  et: {
    header: 'Hindame teie privaatsust',
    segments: [
      'Meie ja meie {{partnerCount}} partnerit salvestame teie seadmesse teavet ja/või kasutame seda, näiteks küpsiseid, ning töötleme isikuandmeid, näiteks unikaalseid identifikaatoreid.',
      'Neid andmeid kasutatakse isikupärastatud reklaamide ja sisu, reklaami ja sisu mõõtmise, sihtrühmauuringute ning teenuste arendamise jaoks.',
      'Mõned partnerid tuginevad nõusoleku asemel õigustatud huvile; saate sellele seadetes vastuväite esitada.',
      'Teie valikuid säilitatakse kuni {{storageMonths}} kuud ja saate oma nõusoleku igal ajal tagasi võtta.',
    ],
    site: 'Oma valikute vaatamiseks või muutmiseks kasutage sellel lehel olevat privaatsusseadete linki.',
    app: 'Oma valikute vaatamiseks või muutmiseks avage selle rakenduse privaatsusseaded.',
  },
  fi: {
    header: 'Arvostamme yksityisyyttäsi',
    segments: [
      'Me ja {{partnerCount}} kumppaniamme tallennamme tietoja laitteellesi ja/tai käytämme niitä, kuten evästeitä, ja käsittelemme henkilötietoja, kuten yksilöiviä tunnisteita.',
      'Näitä tietoja käytetään personoituun mainontaan ja sisältöön, mainonnan ja sisällön mittaamiseen, yleisötutkimukseen ja palvelujen kehittämiseen.',
      'Jotkin kumppanit perustavat käsittelyn oikeutettuun etuun suostumuksen sijaan; voit vastustaa tätä asetuksissa.',
      'Valintasi säilytetään enintään {{storageMonths}} kuukautta, ja voit peruuttaa suostumuksesi milloin tahansa.',
    ],
    site: 'Voit tarkastella tai muuttaa valintojasi tämän sivun tietosuoja-asetusten linkin kautta.',
    app: 'Voit tarkastella tai muuttaa valintojasi tämän sovelluksen tietosuoja-asetuksissa.',
  },
  fr: {
    header: 'Nous respectons votre vie privée',
    segments: [
      'Nos {{partnerCount}} partenaires et nous-mêmes stockons des informations sur votre appareil et/ou y accédons, comme des cookies, et traitons des données personnelles, comme des identifiants uniques.',
      "Ces données servent à la publicité et au contenu personnalisés, à la mesure de la publicité et du contenu, aux études d'audience et au développement de services.",
      "Certains partenaires s'appuient sur l'intérêt légitime plutôt que sur le consentement ; vous pouvez vous y opposer dans les paramètres.",
      'Vos choix sont conservés pendant {{storageMonths}} mois au maximum et vous pouvez retirer votre consentement à tout moment.',
    ],
    site: 'Utilisez le lien vers les paramètres de confidentialité sur cette page pour consulter ou modifier vos choix.',
    app: 'Ouvrez les paramètres de confidentialité de cette application pour consulter ou modifier vos choix.',
  },
  el: {
    header: 'Σεβόμαστε το απόρρητό σας',
    segments: [
      'Εμείς και οι {{partnerCount}} συνεργάτες μας αποθηκεύουμε ή/και αποκτούμε πρόσβαση σε πληροφορίες στη συσκευή σας, όπως cookies, και επεξεργαζόμαστε προσωπικά δεδομένα, όπως μοναδικά αναγνωριστικά.',
      'Αυτά τα δεδομένα χρησιμοποιούνται για εξατομικευμένες διαφημίσεις και περιεχόμενο, μέτρηση διαφημίσεων και περιεχομένου, έρευνα κοινού και ανάπτυξη υπηρεσιών.',
      'Ορισμένοι συνεργάτες βασίζονται στο έννομο συμφέρον αντί για τη συγκατάθεση· μπορείτε να αντιταχθείτε σε αυτό στις ρυθμίσεις.',
      'Οι επιλογές σας αποθηκεύονται για έως {{storageMonths}} μήνες και μπορείτε να ανακαλέσετε τη συγκατάθεσή σας ανά πάσα στιγμή.',
    ],
    site: 'Χρησιμοποιήστε τον σύνδεσμο ρυθμίσεων απορρήτου σε αυτή τη σελίδα για να δείτε ή να αλλάξετε τις επιλογές σας.',
    app: 'Ανοίξτε τις ρυθμίσεις απορρήτου αυτής της εφαρμογής για να δείτε ή να αλλάξετε τις επιλογές σας.',
  },
  hu: {
    header: 'Fontos számunkra az Ön adatainak védelme',
    segments: [
      'Mi és {{partnerCount}} partnerünk információkat tárolunk az Ön eszközén és/vagy férünk hozzá azokhoz, például sütiket, és személyes adatokat kezelünk, például egyedi azonosítókat.',
      'Ezeket az adatokat személyre szabott hirdetésekhez és tartalmakhoz, hirdetés- és tartalomméréshez, közönségkutatáshoz és szolgáltatásfejlesztéshez használjuk.',
      'Egyes partnerek hozzájárulás helyett jogos érdekre hivatkoznak; ez ellen a beállításokban tiltakozhat.',
      'Választásait legfeljebb {{storageMonths}} hónapig tároljuk, és hozzájárulását bármikor visszavonhatja.',
    ],
    site: 'Választásait az oldalon található adatvédelmi beállítások linkjével tekintheti meg vagy módosíthatja.',
    app: 'Választásait az alkalmazás adatvédelmi beállításaiban tekintheti meg vagy módosíthatja.',
  },
  it: {
    header: 'La tua privacy è importante per noi',
    segments: [
      'Noi e i nostri {{partnerCount}} partner archiviamo e/o accediamo a informazioni sul tuo dispositivo, come i cookie, e trattiamo dati personali, come identificatori univoci.',
      'Questi dati sono utilizzati per pubblicità e contenuti personalizzati, misurazione di pubblicità e contenuti, ricerche sul pubblico e sviluppo di servizi.',
      'Alcuni partner si basano sul legittimo interesse anziché sul consenso; puoi opporti nelle impostazioni.',
      'Le tue scelte vengono conservate per un massimo di {{storageMonths}} mesi e puoi revocare il consenso in qualsiasi momento.',
    ],
    site: 'Usa il link alle impostazioni della privacy in questa pagina per rivedere o modificare le tue scelte.',
    app: 'Apri le impostazioni della privacy di questa app per rivedere o modificare le tue scelte.',
  },
  lv: {
    header: 'Mēs novērtējam jūsu privātumu',
    segments: [
      'Mēs un mūsu {{partnerCount}} partneri glabājam informāciju jūsu ierīcē un/vai piekļūstam tai, piemēram, sīkdatnēm, un apstrādājam personas datus, piemēram, unikālus identifikatorus.',
      'Šie dati tiek izmantoti personalizētām reklāmām un saturam, reklāmu un satura novērtēšanai, auditorijas izpētei un pakalpojumu izstrādei.',
      'Daži partneri piekrišanas vietā balstās uz leģitīmām interesēm; iestatījumos varat pret to iebilst.',
      'Jūsu izvēles tiek glabātas līdz {{storageMonths}} mēnešiem, un jūs jebkurā laikā varat atsaukt savu piekrišanu.',
    ],
    site: 'Izmantojiet privātuma iestatījumu saiti šajā lapā, lai pārskatītu vai mainītu savas izvēles.',
    app: 'Atveriet šīs lietotnes privātuma iestatījumus, lai pārskatītu vai mainītu savas izvēles.',
  },
  lt: {
    header: 'Mums rūpi jūsų privatumas',
    segments: [
      'Mes ir mūsų {{partnerCount}} partneriai saugome ir (arba) pasiekiame informaciją jūsų įrenginyje, pavyzdžiui, slapukus, ir tvarkome asmens duomenis, pavyzdžiui, unikalius identifikatorius.',
      'Šie duomenys naudojami suasmenintai reklamai ir turiniui, reklamos ir turinio vertinimui, auditorijos tyrimams ir paslaugų kūrimui.',
      'Kai kurie partneriai vietoj sutikimo remiasi teisėtu interesu; nustatymuose galite tam prieštarauti.',
      'Jūsų pasirinkimai saugomi iki {{storageMonths}} mėn., o sutikimą galite bet kada atšaukti.',
    ],
    site: 'Norėdami peržiūrėti ar pakeisti savo pasirinkimus, naudokite šiame puslapyje esančią privatumo nustatymų nuorodą.',
    app: 'Norėdami peržiūrėti ar pakeisti savo pasirinkimus, atidarykite šios programėlės privatumo nustatymus.',
  },
  mt: {
    header: 'Nirrispettaw il-privatezza tiegħek',
    segments: [
      'Aħna u l-{{partnerCount}} sieħeb tagħna naħżnu u/jew naċċessaw informazzjoni fuq it-tagħmir tiegħek, bħal cookies, u nipproċessaw data personali bħal identifikaturi uniċi.',
      'Din id-data tintuża għal reklami u kontenut personalizzati, kejl tar-reklami u tal-kontenut, riċerka dwar l-udjenza u żvilupp tas-servizzi.',
      "Xi sħab jistrieħu fuq interess leġittimu minflok kunsens; tista' toġġezzjona għal dan fis-settings.",
      "L-għażliet tiegħek jinħażnu sa {{storageMonths}} xahar u tista' tirtira l-kunsens tiegħek fi kwalunkwe ħin.",
    ],
    site: "Uża l-link tas-settings tal-privatezza f'din il-paġna biex tara jew tibdel l-għażliet tiegħek.",
    app: "Iftaħ is-settings tal-privatezza ta' din l-app biex tara jew tibdel l-għażliet tiegħek.",
  },
  no: {
    header: 'Vi tar personvernet ditt på alvor',
    segments: [
      'Vi og våre {{partnerCount}} partnere lagrer og/eller får tilgang til informasjon på enheten din, for eksempel informasjonskapsler, og behandler personopplysninger som unike identifikatorer.',
      'Disse dataene brukes til tilpassede annonser og tilpasset innhold, måling av annonser og innhold, målgruppeanalyse og utvikling av tjenester.',
      'Noen partnere bruker berettiget interesse i stedet for samtykke; du kan protestere mot dette i innstillingene.',
      'Valgene dine lagres i opptil {{storageMonths}} måneder, og du kan når som helst trekke tilbake samtykket ditt.',
    ],
    site: 'Bruk lenken til personverninnstillinger på denne siden for å se eller endre valgene dine.',
    app: 'Åpne personverninnstillingene i denne appen for å se eller endre valgene dine.',
  },
  pl: {
    header: 'Cenimy Twoją prywatność',
    segments: [
      'My i nasi partnerzy ({{partnerCount}}) przechowujemy informacje na Twoim urządzeniu i/lub uzyskujemy do nich dostęp, na przykład pliki cookie, oraz przetwarzamy dane osobowe, takie jak unikalne identyfikatory.',
      'Dane te są wykorzystywane do spersonalizowanych reklam i treści, pomiaru reklam i treści, badań odbiorców oraz rozwoju usług.',
      'Niektórzy partnerzy zamiast zgody powołują się na prawnie uzasadniony interes; możesz wnieść sprzeciw w ustawieniach.',
      'Twoje wybory są przechowywane przez maksymalnie {{storageMonths}} mies., a zgodę możesz wycofać w dowolnym momencie.',
    ],
    site: 'Skorzystaj z linku do ustawień prywatności na tej stronie, aby przejrzeć lub zmienić swoje wybory.',
    app: 'Otwórz ustawienia prywatności w tej aplikacji, aby przejrzeć lub zmienić swoje wybory.',
  },
  pt: {
    header: 'Valorizamos a sua privacidade',
    segments: [
      'Nós e os nossos {{partnerCount}} parceiros armazenamos e/ou acedemos a informações no seu dispositivo, como cookies, e tratamos dados pessoais, como identificadores únicos.',
      'Estes dados são utilizados para anúncios e conteúdos personalizados, medição de anúncios e conteúdos, estudos de audiência e desenvolvimento de serviços.',
      'Alguns parceiros baseiam-se no interesse legítimo em vez do consentimento; pode opor-se a isso nas definições.',
      'As suas escolhas são guardadas durante um máximo de {{storageMonths}} meses e pode retirar o seu consentimento a qualquer momento.',
    ],
    site: 'Utilize a ligação para as definições de privacidade nesta página para rever ou alterar as suas escolhas.',
    app: 'Abra as definições de privacidade desta aplicação para rever ou alterar as suas escolhas.',
  },
  ro: {
    header: 'Respectăm confidențialitatea dumneavoastră',
    segments: [
      'Noi și cei {{partnerCount}} parteneri ai noștri stocăm și/sau accesăm informații pe dispozitivul dumneavoastră, cum ar fi cookie-uri, și prelucrăm date cu caracter personal, cum ar fi identificatori unici.',
      'Aceste date sunt folosite pentru reclame și conținut personalizate, măsurarea reclamelor și a conținutului, studii de audiență și dezvoltarea serviciilor.',
      'Unii parteneri se bazează pe interesul legitim în locul consimțământului; vă puteți opune acestui lucru din setări.',
      'Opțiunile dumneavoastră sunt păstrate cel mult {{storageMonths}} luni și vă puteți retrage consimțământul oricând.',
    ],
    site: 'Folosiți linkul către setările de confidențialitate de pe această pagină pentru a vă revizui sau modifica opțiunile.',
    app: 'Deschideți setările de confidențialitate ale acestei aplicații pentru a vă revizui sau modifica opțiunile.',
  },
  ru: {
    header: 'Мы ценим вашу конфиденциальность',
    segments: [
      'Мы и наши партнёры ({{partnerCount}}) храним информацию на вашем устройстве и/или получаем к ней доступ, например файлы cookie, и обрабатываем персональные данные, например уникальные идентификаторы.',
      'Эти данные используются для персонализированной рекламы и контента, оценки эффективности рекламы и контента, исследования аудитории и развития сервисов.',
      'Некоторые партнёры опираются на законный интерес вместо согласия; вы можете возразить против этого в настройках.',
      'Ваш выбор хранится до {{storageMonths}} мес., и вы можете в любой момент отозвать своё согласие.',
    ],
    site: 'Чтобы просмотреть или изменить свой выбор, воспользуйтесь ссылкой на настройки конфиденциальности на этой странице.',
    app: 'Чтобы просмотреть или изменить свой выбор, откройте настройки конфиденциальности в этом приложении.',
  },
  sk: {
    header: 'Vážime si vaše súkromie',
    segments: [
      'My a našich {{partnerCount}} partnerov ukladáme a/alebo používame informácie vo vašom zariadení, napríklad súbory cookie, a spracúvame osobné údaje, napríklad jedinečné identifikátory.',
      'Tieto údaje sa používajú na personalizovanú reklamu a obsah, meranie reklamy a obsahu, prieskum publika a vývoj služieb.',
      'Niektorí partneri namiesto súhlasu vychádzajú z oprávneného záujmu; proti tomu môžete v nastaveniach namietať.',
      'Vaše voľby uchovávame najviac {{storageMonths}} mesiacov a svoj súhlas môžete kedykoľvek odvolať.',
    ],
    site: 'Svoje voľby môžete skontrolovať alebo zmeniť pomocou odkazu na nastavenia súkromia na tejto stránke.',
    app: 'Svoje voľby môžete skontrolovať alebo zmeniť v nastaveniach súkromia tejto aplikácie.',
  },
  sl: {
    header: 'Cenimo vašo zasebnost',
    segments: [
      'Mi in naši partnerji ({{partnerCount}}) shranjujemo informacije v vaši napravi in/ali dostopamo do njih, na primer piškotke, ter obdelujemo osebne podatke, na primer enolične identifikatorje.',
      'Ti podatki se uporabljajo za prilagojene oglase in vsebine, merjenje oglasov in vsebin, raziskave občinstva in razvoj storitev.',
      'Nekateri partnerji se namesto na privolitev opirajo na zakoniti interes; temu lahko ugovarjate v nastavitvah.',
      'Vaše izbire hranimo največ {{storageMonths}} mesecev, privolitev pa lahko kadar koli prekličete.',
    ],
    site: 'Za pregled ali spremembo izbir uporabite povezavo do nastavitev zasebnosti na tej strani.',
    app: 'Za pregled ali spremembo izbir odprite nastavitve zasebnosti v tej aplikaciji.',
  },
  th: {
    header: 'เราให้ความสำคัญกับความเป็นส่วนตัวของคุณ',
    segments: [
      'เราและพาร์ทเนอร์ {{partnerCount}} รายของเราจัดเก็บและ/หรือเข้าถึงข้อมูลบนอุปกรณ์ของคุณ เช่น คุกกี้ และประมวลผลข้อมูลส่วนบุคคล เช่น ตัวระบุที่ไม่ซ้ำกัน',
      'ข้อมูลนี้ใช้สำหรับโฆษณาและเนื้อหาที่ปรับให้เหมาะกับคุณ การวัดผลโฆษณาและเนื้อหา การวิจัยกลุ่มเป้าหมาย และการพัฒนาบริการ',
      'พาร์ทเนอร์บางรายอาศัยประโยชน์โดยชอบด้วยกฎหมายแทนความยินยอม คุณสามารถคัดค้านได้ในการตั้งค่า',
      'ตัวเลือกของคุณจะถูกจัดเก็บไว้ไม่เกิน {{storageMonths}} เดือน และคุณสามารถถอนความยินยอมได้ทุกเมื่อ',
    ],
    site: 'ใช้ลิงก์การตั้งค่าความเป็นส่วนตัวในหน้านี้เพื่อตรวจสอบหรือเปลี่ยนตัวเลือกของคุณ',
    app: 'เปิดการตั้งค่าความเป็นส่วนตัวในแอปนี้เพื่อตรวจสอบหรือเปลี่ยนตัวเลือกของคุณ',
  },
  vi: {
    header: 'Chúng tôi tôn trọng quyền riêng tư của bạn',
    segments: [
      'Chúng tôi và {{partnerCount}} đối tác của chúng tôi lưu trữ và/hoặc truy cập thông tin trên thiết bị của bạn, chẳng hạn như cookie, và xử lý dữ liệu cá nhân, chẳng hạn như mã nhận dạng duy nhất.',
      'Dữ liệu này được dùng cho quảng cáo và nội dung được cá nhân hóa, đo lường quảng cáo và nội dung, nghiên cứu đối tượng và phát triển dịch vụ.',
      'Một số đối tác dựa trên lợi ích hợp pháp thay vì sự đồng ý; bạn có thể phản đối điều này trong phần cài đặt.',
      'Lựa chọn của bạn được lưu trữ tối đa {{storageMonths}} tháng và bạn có thể rút lại sự đồng ý bất cứ lúc nào.',
    ],
    site: 'Sử dụng liên kết cài đặt quyền riêng tư trên trang này để xem lại hoặc thay đổi lựa chọn của bạn.',
    app: 'Mở phần cài đặt quyền riêng tư trong ứng dụng này để xem lại hoặc thay đổi lựa chọn của bạn.',
  },
  ms: {
    header: 'Kami menghargai privasi anda',
    segments: [
      'Kami dan {{partnerCount}} rakan kongsi kami menyimpan dan/atau mengakses maklumat pada peranti anda, seperti kuki, dan memproses data peribadi seperti pengecam unik.',
      'Data ini digunakan untuk iklan dan kandungan yang diperibadikan, pengukuran iklan dan kandungan, penyelidikan khalayak dan pembangunan perkhidmatan.',
      'Sesetengah rakan kongsi bergantung pada kepentingan sah dan bukannya persetujuan; anda boleh membantahnya dalam tetapan.',
      'Pilihan anda disimpan sehingga {{storageMonths}} bulan dan anda boleh menarik balik persetujuan anda pada bila-bila masa.',
    ],
    site: 'Gunakan pautan tetapan privasi pada halaman ini untuk menyemak atau menukar pilihan anda.',
    app: 'Buka tetapan privasi dalam aplikasi ini untuk menyemak atau menukar pilihan anda.',
  },
  es: {
    header: 'Valoramos tu privacidad',
    segments: [
      'Nosotros y nuestros {{partnerCount}} socios almacenamos y/o accedemos a información en tu dispositivo, como cookies, y tratamos datos personales, como identificadores únicos.',
      'Estos datos se utilizan para publicidad y contenido personalizados, medición de publicidad y contenido, investigación de audiencias y desarrollo de servicios.',
      'Algunos socios se basan en el interés legítimo en lugar del consentimiento; puedes oponerte a ello en la configuración.',
      'Tus elecciones se conservan durante un máximo de {{storageMonths}} meses y puedes retirar tu consentimiento en cualquier momento.',
    ],
    site: 'Usa el enlace a la configuración de privacidad de esta página para revisar o cambiar tus elecciones.',
    app: 'Abre la configuración de privacidad de esta aplicación para revisar o cambiar tus elecciones.',
  },
  sv: {
    header: 'Vi värnar om din integritet',
    segments: [
      'Vi och våra {{partnerCount}} partner lagrar och/eller får åtkomst till information på din enhet, till exempel cookies, och behandlar personuppgifter som unika identifierare.',
      'Uppgifterna används för anpassade annonser och anpassat innehåll, annons- och innehållsmätning, målgruppsanalys och utveckling av tjänster.',
      'Vissa partner stöder sig på berättigat intresse i stället för samtycke; du kan invända mot detta i inställningarna.',
      'Dina val sparas i upp till {{storageMonths}} månader och du kan när som helst återkalla ditt samtycke.',
    ],
    site: 'Använd länken till integritetsinställningarna på den här sidan för att se över eller ändra dina val.',
    app: 'Öppna integritetsinställningarna i den här appen för att se över eller ändra dina val.',
  },
  tr: {
    header: 'Gizliliğinize değer veriyoruz',
    segments: [
      'Biz ve {{partnerCount}} iş ortağımız, cihazınızda çerezler gibi bilgileri depoluyor ve/veya bunlara erişiyor, benzersiz tanımlayıcılar gibi kişisel verileri işliyoruz.',
      'Bu veriler kişiselleştirilmiş reklamlar ve içerik, reklam ve içerik ölçümü, kitle araştırması ve hizmet geliştirme için kullanılır.',
      'Bazı iş ortakları onay yerine meşru menfaate dayanır; buna ayarlardan itiraz edebilirsiniz.',
      'Seçimleriniz en fazla {{storageMonths}} ay saklanır ve onayınızı istediğiniz zaman geri çekebilirsiniz.',
    ],
    site: 'Seçimlerinizi gözden geçirmek veya değiştirmek için bu sayfadaki gizlilik ayarları bağlantısını kullanın.',
    app: 'Seçimlerinizi gözden geçirmek veya değiştirmek için bu uygulamanın gizlilik ayarlarını açın.',
  },
  uk: {
    header: 'Ми цінуємо вашу конфіденційність',
    segments: [
      'Ми та наші партнери ({{partnerCount}}) зберігаємо інформацію на вашому пристрої та/або отримуємо до неї доступ, наприклад файли cookie, і обробляємо персональні дані, наприклад унікальні ідентифікатори.',
      'Ці дані використовуються для персоналізованої реклами та контенту, вимірювання ефективності реклами та контенту, дослідження аудиторії та розвитку сервісів.',
      'Деякі партнери спираються на законний інтерес замість згоди; ви можете заперечити проти цього в налаштуваннях.',
      'Ваш вибір зберігається до {{storageMonths}} міс., і ви можете будь-коли відкликати свою згоду.',
    ],
    site: 'Щоб переглянути або змінити свій вибір, скористайтеся посиланням на налаштування конфіденційності на цій сторінці.',
    app: 'Щоб переглянути або змінити свій вибір, відкрийте налаштування конфіденційності в цьому застосунку.',
  },
  hi: {
    header: 'हम आपकी गोपनीयता का सम्मान करते हैं',
    segments: [
      'हम और हमारे {{partnerCount}} पार्टनर आपके डिवाइस पर कुकीज़ जैसी जानकारी संग्रहीत करते हैं और/या उस तक पहुँचते हैं, और यूनिक आइडेंटिफ़ायर जैसे व्यक्तिगत डेटा को प्रोसेस करते हैं।',
      'इस डेटा का उपयोग वैयक्तिकृत विज्ञापनों और सामग्री, विज्ञापन और सामग्री मापन, दर्शक शोध और सेवाओं के विकास के लिए किया जाता है।',
      'कुछ पार्टनर सहमति के बजाय वैध हित पर निर्भर करते हैं; आप सेटिंग्स में इस पर आपत्ति कर सकते हैं।',
      'आपके विकल्प अधिकतम {{storageMonths}} महीनों तक संग्रहीत रहते हैं और आप किसी भी समय अपनी सहमति वापस ले सकते हैं।',
    ],
    site: 'अपने विकल्पों की समीक्षा करने या उन्हें बदलने के लिए इस पेज पर गोपनीयता सेटिंग्स लिंक का उपयोग करें।',
    app: 'अपने विकल्पों की समीक्षा करने या उन्हें बदलने के लिए इस ऐप की गोपनीयता सेटिंग्स खोलें।',
  },
  zh: {
    header: '我们重视您的隐私',
    segments: [
      '我们和我们的 {{partnerCount}} 个合作伙伴会在您的设备上存储和/或访问信息（例如 Cookie），并处理个人数据（例如唯一标识符）。',
      '这些数据用于个性化广告和内容、广告和内容效果衡量、受众研究以及服务开发。',
      '部分合作伙伴依据正当利益而非同意处理数据；您可以在设置中提出反对。',
      '您的选择最多保存 {{storageMonths}} 个月，您可以随时撤回同意。',
    ],
    site: '请使用本页面上的隐私设置链接查看或更改您的选择。',
    app: '请打开本应用的隐私设置查看或更改您的选择。',
  },
};

const defaultsOf = (language: string): LanguageDefaults => {
  const parsed = LanguageCode.safeParse(language);
  return DEFAULT_CONSENT_TEXTS[parsed.success ? parsed.data : DEFAULT_LANGUAGE];
};

/** The default privacy header of a language (English for an unknown language). */
export const defaultPrivacyHeader = (language: string): string => defaultsOf(language).header;

/** The four fixed segments of a language's default body, each in double angle brackets. */
export const defaultFixedSegments = (language: string): string[] =>
  defaultsOf(language)
    .segments.slice(0, FIXED_SEGMENT_COUNT)
    .map((s) => `<<${s}>>`);

/** The default privacy body: the four fixed segments, then the site or app closing sentence. */
export const defaultPrivacyBody = (language: string, variant: ConsentTextVariant): string =>
  [...defaultFixedSegments(language), defaultsOf(language)[variant]].join(' ');

/** Every language's default body for a variant. */
export const defaultPrivacyBodies = (variant: ConsentTextVariant): PrivacyBodyText[] =>
  LanguageCode.options.map((language) => ({
    language,
    privacyBody: defaultPrivacyBody(language, variant),
  }));

/** Fills the partner count and the storage duration in months; other text is left as it is. */
export const fillConsentPlaceholders = (
  text: string,
  values: { partnerCount: number; storageMonths: number },
): string =>
  text
    .replaceAll(CONSENT_TEXT_PLACEHOLDERS.partnerCount, String(values.partnerCount))
    .replaceAll(CONSENT_TEXT_PLACEHOLDERS.storageMonths, String(values.storageMonths));

/** The text shown to visitors: placeholders filled and the segment markers removed. */
export const renderConsentBody = (
  text: string,
  values: { partnerCount: number; storageMonths: number },
): string => fillConsentPlaceholders(text, values).replace(/<<([^<>]*)>>/g, '$1');
