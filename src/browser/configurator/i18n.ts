// The component's own words, in the languages of the message catalog (src/lang/runtime/catalog.ts); a language
// outside them falls back to English. Product texts come translated from the server.

const KEYS = [
  'total',
  'each',
  'pieces',
  'quantity',
  'lines',
  'subtotal',
  'discount',
  'surcharge',
  'perOrder',
  'internal',
  'warnings',
  'problems',
  'noPrice',
  'loading',
  'choose',
  'unavailable',
  'atLeast',
  'atMost',
  'step',
  'presets',
  'sections',
  'noFields',
  'network',
  'badKey',
  'forbidden',
  'notFound',
  'failed',
  'setup',
  'badValue',
  'requestQuote',
  'yourName',
  'yourEmail',
  'sendRequest',
  'quoteRequested',
  'quoteFailed',
  'followRequest',
  'market',
] as const;
export type UiKey = (typeof KEYS)[number];

// One string per language, the texts in KEYS order, separated by "|".
const TEXTS: Record<string, string> = {
  en: 'Total|{price} each|for {n} pieces|Quantity|Price lines|Subtotal|Quantity discount|surcharge|once per order|internal|Please note|Please check|No price until the configuration is complete|Loading the configurator…|Choose…|not available|at least {a}|at most {a}|step {a}|Presets|Sections|Nothing to choose: the price does not depend on a choice.|The configurator cannot reach the server. Check your connection and try again.|This shop’s API key was refused.|This shop’s API key may not do this.|This product does not exist (any more).|The configurator failed ({status}).|This configurator needs the attributes tenant, product and api-key.|The saved configuration could not be read.|Request a quote|Your name|Your email|Send the request|Quote {number} requested: we will send it to you.|The quote could not be requested ({status}).|Follow your request|Market',
  de: 'Gesamt|{price} pro Stück|für {n} Stück|Menge|Preiszeilen|Zwischensumme|Mengenrabatt|Zuschlag|einmal pro Bestellung|intern|Bitte beachten|Bitte prüfen|Kein Preis, solange die Konfiguration unvollständig ist|Konfigurator wird geladen…|Bitte wählen…|nicht verfügbar|mindestens {a}|höchstens {a}|Schritt {a}|Vorschläge|Abschnitte|Nichts zu wählen: Der Preis hängt von keiner Auswahl ab.|Der Konfigurator erreicht den Server nicht. Bitte Verbindung prüfen und erneut versuchen.|Der API-Schlüssel dieses Shops wurde abgelehnt.|Der API-Schlüssel dieses Shops darf das nicht.|Dieses Produkt gibt es nicht (mehr).|Der Konfigurator ist fehlgeschlagen ({status}).|Dieser Konfigurator braucht die Attribute tenant, product und api-key.|Die gespeicherte Konfiguration ist nicht lesbar.|Angebot anfordern|Ihr Name|Ihre E-Mail|Anfrage senden|Angebot {number} angefordert: Wir senden es Ihnen zu.|Das Angebot konnte nicht angefordert werden ({status}).|Anfrage verfolgen|Markt',
  fr: 'Total|{price} l’unité|pour {n} pièces|Quantité|Lignes de prix|Sous-total|Remise de quantité|supplément|une fois par commande|interne|À noter|À vérifier|Pas de prix tant que la configuration est incomplète|Chargement du configurateur…|Choisir…|indisponible|au moins {a}|au plus {a}|pas de {a}|Suggestions|Sections|Rien à choisir : le prix ne dépend d’aucun choix.|Le configurateur ne joint pas le serveur. Vérifiez votre connexion et réessayez.|La clé d’API de cette boutique a été refusée.|La clé d’API de cette boutique n’y est pas autorisée.|Ce produit n’existe pas (ou plus).|Le configurateur a échoué ({status}).|Ce configurateur a besoin des attributs tenant, product et api-key.|La configuration enregistrée est illisible.|Demander un devis|Votre nom|Votre e-mail|Envoyer la demande|Devis {number} demandé : nous vous l’enverrons.|Le devis n’a pas pu être demandé ({status}).|Suivre votre demande|Marché',
  es: 'Total|{price} por unidad|por {n} unidades|Cantidad|Líneas de precio|Subtotal|Descuento por cantidad|recargo|una vez por pedido|interno|Tenga en cuenta|Revise|Sin precio hasta completar la configuración|Cargando el configurador…|Elija…|no disponible|al menos {a}|como máximo {a}|paso {a}|Sugerencias|Secciones|Nada que elegir: el precio no depende de ninguna elección.|El configurador no llega al servidor. Compruebe su conexión e inténtelo de nuevo.|La clave de API de esta tienda fue rechazada.|La clave de API de esta tienda no lo permite.|Este producto no existe (o ya no).|El configurador falló ({status}).|Este configurador necesita los atributos tenant, product y api-key.|No se pudo leer la configuración guardada.|Solicitar presupuesto|Su nombre|Su correo electrónico|Enviar la solicitud|Presupuesto {number} solicitado: se lo enviaremos.|No se pudo solicitar el presupuesto ({status}).|Seguir su solicitud|Mercado',
  it: 'Totale|{price} al pezzo|per {n} pezzi|Quantità|Righe di prezzo|Subtotale|Sconto quantità|supplemento|una volta per ordine|interno|Da notare|Da verificare|Nessun prezzo finché la configurazione è incompleta|Caricamento del configuratore…|Scegliere…|non disponibile|almeno {a}|al massimo {a}|passo {a}|Suggerimenti|Sezioni|Niente da scegliere: il prezzo non dipende da alcuna scelta.|Il configuratore non raggiunge il server. Controllare la connessione e riprovare.|La chiave API di questo negozio è stata rifiutata.|La chiave API di questo negozio non lo consente.|Questo prodotto non esiste (più).|Il configuratore non è riuscito ({status}).|Questo configuratore richiede gli attributi tenant, product e api-key.|Impossibile leggere la configurazione salvata.|Richiedi un preventivo|Il tuo nome|La tua e-mail|Invia la richiesta|Preventivo {number} richiesto: te lo invieremo.|Non è stato possibile richiedere il preventivo ({status}).|Segui la tua richiesta|Mercato',
  nl: 'Totaal|{price} per stuk|voor {n} stuks|Aantal|Prijsregels|Subtotaal|Staffelkorting|toeslag|eenmaal per bestelling|intern|Let op|Controleer|Geen prijs zolang de configuratie onvolledig is|Configurator wordt geladen…|Kies…|niet beschikbaar|minstens {a}|hoogstens {a}|stap {a}|Suggesties|Secties|Niets te kiezen: de prijs hangt van geen keuze af.|De configurator bereikt de server niet. Controleer de verbinding en probeer opnieuw.|De API-sleutel van deze winkel is geweigerd.|De API-sleutel van deze winkel mag dit niet.|Dit product bestaat niet (meer).|De configurator is mislukt ({status}).|Deze configurator heeft de attributen tenant, product en api-key nodig.|De opgeslagen configuratie is niet leesbaar.|Offerte aanvragen|Uw naam|Uw e-mail|Aanvraag versturen|Offerte {number} aangevraagd: wij sturen hem u toe.|De offerte kon niet worden aangevraagd ({status}).|Uw aanvraag volgen|Markt',
};

export type Translate = (key: UiKey, values?: Record<string, string | number>) => string;

/** The UI texts for a BCP 47 tag: de-CH uses de; anything else English. */
export function translator(lang: string | undefined): Translate {
  const base = (lang ?? 'en').toLowerCase().split('-')[0]!;
  const texts = (TEXTS[base] ?? TEXTS.en!).split('|');
  return (key, values = {}) =>
    texts[KEYS.indexOf(key)]!.replace(/\{(\w+)\}/g, (m, name: string) => (name in values ? String(values[name]) : m));
}

/** For the tests: every language has one text per key. */
export const UI_LANGUAGES = Object.keys(TEXTS);
export const UI_KEYS = KEYS;
export const textCount = (lang: string) => TEXTS[lang]?.split('|').length;
