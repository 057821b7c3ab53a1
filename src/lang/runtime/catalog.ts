// Built-in messages. Placeholders are filled by messages.ts; {unit} arrives with its leading space (" mm").

export type MessageKey =
  | 'UNKNOWN_FIELD'
  | 'INVALID_NUMBER'
  | 'INVALID_TEXT'
  | 'INVALID_BOOLEAN'
  | 'INVALID_CHOICE'
  | 'BELOW_MIN'
  | 'ABOVE_MAX'
  | 'BELOW_MIN_DATE'
  | 'ABOVE_MAX_DATE'
  | 'OFF_STEP'
  | 'UNKNOWN_OPTION'
  | 'REQUIRED'
  | 'TOO_LONG'
  | 'PATTERN_MISMATCH'
  | 'INVALID_DATE'
  | 'INVALID_QUANTITY'
  | 'R_DIV_ZERO'
  | 'R_NOT_FINITE'
  | 'R_TABLE_RANGE'
  | 'R_TABLE_KEY'
  | 'R_CYCLE'
  | 'R_NEGATIVE_PRICE'
  | 'NEGATIVE_TOTAL'
  | 'R_PRICE_OVERFLOW'
  | 'DISCOUNT'
  | 'OPTION_UNAVAILABLE';

export type CatalogLanguage = 'en' | 'de' | 'fr' | 'es' | 'it' | 'nl';

export const CATALOG: Readonly<Record<CatalogLanguage, Readonly<Record<MessageKey, string>>>> = {
  en: {
    UNKNOWN_FIELD: 'Unknown field "{field}"',
    INVALID_NUMBER: '{label} must be a number',
    INVALID_TEXT: '{label} must be a text',
    INVALID_BOOLEAN: '{label} must be true or false',
    INVALID_CHOICE: '{label}: choose one of the options',
    BELOW_MIN: '{label} must be at least {min}{unit}',
    ABOVE_MAX: '{label} must be at most {max}{unit}',
    BELOW_MIN_DATE: '{label} must not be before {min}',
    ABOVE_MAX_DATE: '{label} must not be after {max}',
    OFF_STEP: '{label} must go in steps of {step}{unit} from {base}{unit}',
    UNKNOWN_OPTION: '{label}: "{value}" is not one of the options',
    REQUIRED: '{label} is required',
    TOO_LONG: '{label} must be at most {max} characters long',
    PATTERN_MISMATCH: '{label} does not have the expected format',
    INVALID_DATE: '{label} must be a valid date (YYYY-MM-DD)',
    INVALID_QUANTITY: 'The quantity must be a whole number from {min} to {max} in steps of {step}',
    R_DIV_ZERO: 'Division by zero',
    R_NOT_FINITE: 'A calculation does not give a finite number',
    R_TABLE_RANGE: '{value} is above the last band ({last}) of table {table}',
    R_TABLE_KEY: 'Table {table} has no entry for "{key}"',
    R_CYCLE: '{name} depends on itself',
    R_NEGATIVE_PRICE: 'The unit price is negative ({amount} {currency})',
    NEGATIVE_TOTAL: 'The total price is negative ({amount} {currency})',
    R_PRICE_OVERFLOW: 'The price is too large to be calculated',
    DISCOUNT: 'Quantity discount',
    OPTION_UNAVAILABLE: '{label}: "{option}" is not available with the other choices',
  },
  de: {
    UNKNOWN_FIELD: 'Unbekanntes Feld „{field}“',
    INVALID_NUMBER: '{label} muss eine Zahl sein',
    INVALID_TEXT: '{label} muss ein Text sein',
    INVALID_BOOLEAN: '{label} muss wahr oder falsch sein',
    INVALID_CHOICE: '{label}: Bitte eine der Optionen wählen',
    BELOW_MIN: '{label} muss mindestens {min}{unit} betragen',
    ABOVE_MAX: '{label} darf höchstens {max}{unit} betragen',
    BELOW_MIN_DATE: '{label} darf nicht vor dem {min} liegen',
    ABOVE_MAX_DATE: '{label} darf nicht nach dem {max} liegen',
    OFF_STEP: '{label} muss in Schritten von {step}{unit} ab {base}{unit} angegeben werden',
    UNKNOWN_OPTION: '{label}: „{value}“ ist keine der Optionen',
    REQUIRED: '{label} ist ein Pflichtfeld',
    TOO_LONG: '{label} darf höchstens {max} Zeichen lang sein',
    PATTERN_MISMATCH: '{label} hat nicht das erwartete Format',
    INVALID_DATE: '{label} muss ein gültiges Datum sein (JJJJ-MM-TT)',
    INVALID_QUANTITY: 'Die Menge muss eine ganze Zahl von {min} bis {max} in Schritten von {step} sein',
    R_DIV_ZERO: 'Division durch null',
    R_NOT_FINITE: 'Eine Berechnung ergibt keine endliche Zahl',
    R_TABLE_RANGE: '{value} liegt über der letzten Stufe ({last}) der Tabelle {table}',
    R_TABLE_KEY: 'Tabelle {table} hat keinen Eintrag für „{key}“',
    R_CYCLE: '{name} hängt von sich selbst ab',
    R_NEGATIVE_PRICE: 'Der Stückpreis ist negativ ({amount} {currency})',
    NEGATIVE_TOTAL: 'Der Gesamtpreis ist negativ ({amount} {currency})',
    R_PRICE_OVERFLOW: 'Der Preis ist zu groß, um berechnet zu werden',
    DISCOUNT: 'Mengenrabatt',
    OPTION_UNAVAILABLE: '{label}: „{option}“ ist mit den übrigen Angaben nicht erhältlich',
  },
  fr: {
    UNKNOWN_FIELD: 'Champ inconnu « {field} »',
    INVALID_NUMBER: '{label} doit être un nombre',
    INVALID_TEXT: '{label} doit être un texte',
    INVALID_BOOLEAN: '{label} doit être vrai ou faux',
    INVALID_CHOICE: '{label} : veuillez choisir une des options',
    BELOW_MIN: '{label} doit être d’au moins {min}{unit}',
    ABOVE_MAX: '{label} doit être d’au plus {max}{unit}',
    BELOW_MIN_DATE: '{label} ne peut pas être avant le {min}',
    ABOVE_MAX_DATE: '{label} ne peut pas être après le {max}',
    OFF_STEP: '{label} doit aller par pas de {step}{unit} à partir de {base}{unit}',
    UNKNOWN_OPTION: '{label} : « {value} » ne fait pas partie des options',
    REQUIRED: '{label} est obligatoire',
    TOO_LONG: '{label} ne doit pas dépasser {max} caractères',
    PATTERN_MISMATCH: '{label} n’a pas le format attendu',
    INVALID_DATE: '{label} doit être une date valide (AAAA-MM-JJ)',
    INVALID_QUANTITY: 'La quantité doit être un nombre entier de {min} à {max} par pas de {step}',
    R_DIV_ZERO: 'Division par zéro',
    R_NOT_FINITE: 'Un calcul ne donne pas un nombre fini',
    R_TABLE_RANGE: '{value} dépasse la dernière tranche ({last}) de la table {table}',
    R_TABLE_KEY: 'La table {table} n’a pas d’entrée pour « {key} »',
    R_CYCLE: '{name} dépend de lui-même',
    R_NEGATIVE_PRICE: 'Le prix unitaire est négatif ({amount} {currency})',
    NEGATIVE_TOTAL: 'Le prix total est négatif ({amount} {currency})',
    R_PRICE_OVERFLOW: 'Le prix est trop élevé pour être calculé',
    DISCOUNT: 'Remise sur quantité',
    OPTION_UNAVAILABLE: '{label} : « {option} » n’est pas disponible avec les autres choix',
  },
  es: {
    UNKNOWN_FIELD: 'Campo desconocido «{field}»',
    INVALID_NUMBER: '{label} debe ser un número',
    INVALID_TEXT: '{label} debe ser un texto',
    INVALID_BOOLEAN: '{label} debe ser verdadero o falso',
    INVALID_CHOICE: '{label}: elija una de las opciones',
    BELOW_MIN: '{label} debe ser como mínimo {min}{unit}',
    ABOVE_MAX: '{label} debe ser como máximo {max}{unit}',
    BELOW_MIN_DATE: '{label} no puede ser anterior al {min}',
    ABOVE_MAX_DATE: '{label} no puede ser posterior al {max}',
    OFF_STEP: '{label} debe ir en pasos de {step}{unit} desde {base}{unit}',
    UNKNOWN_OPTION: '{label}: «{value}» no es una de las opciones',
    REQUIRED: '{label} es obligatorio',
    TOO_LONG: '{label} no puede tener más de {max} caracteres',
    PATTERN_MISMATCH: '{label} no tiene el formato esperado',
    INVALID_DATE: '{label} debe ser una fecha válida (AAAA-MM-DD)',
    INVALID_QUANTITY: 'La cantidad debe ser un número entero de {min} a {max} en pasos de {step}',
    R_DIV_ZERO: 'División por cero',
    R_NOT_FINITE: 'Un cálculo no da un número finito',
    R_TABLE_RANGE: '{value} supera el último tramo ({last}) de la tabla {table}',
    R_TABLE_KEY: 'La tabla {table} no tiene entrada para «{key}»',
    R_CYCLE: '{name} depende de sí mismo',
    R_NEGATIVE_PRICE: 'El precio unitario es negativo ({amount} {currency})',
    NEGATIVE_TOTAL: 'El precio total es negativo ({amount} {currency})',
    R_PRICE_OVERFLOW: 'El precio es demasiado grande para calcularlo',
    DISCOUNT: 'Descuento por cantidad',
    OPTION_UNAVAILABLE: '{label}: «{option}» no está disponible con las demás opciones',
  },
  it: {
    UNKNOWN_FIELD: 'Campo sconosciuto «{field}»',
    INVALID_NUMBER: '{label} deve essere un numero',
    INVALID_TEXT: '{label} deve essere un testo',
    INVALID_BOOLEAN: '{label} deve essere vero o falso',
    INVALID_CHOICE: '{label}: scegliere una delle opzioni',
    BELOW_MIN: '{label} deve essere almeno {min}{unit}',
    ABOVE_MAX: '{label} deve essere al massimo {max}{unit}',
    BELOW_MIN_DATE: '{label} non può essere prima del {min}',
    ABOVE_MAX_DATE: '{label} non può essere dopo il {max}',
    OFF_STEP: '{label} deve procedere a passi di {step}{unit} a partire da {base}{unit}',
    UNKNOWN_OPTION: '{label}: «{value}» non è una delle opzioni',
    REQUIRED: '{label} è obbligatorio',
    TOO_LONG: '{label} non può superare {max} caratteri',
    PATTERN_MISMATCH: '{label} non ha il formato previsto',
    INVALID_DATE: '{label} deve essere una data valida (AAAA-MM-GG)',
    INVALID_QUANTITY: 'La quantità deve essere un numero intero da {min} a {max} a passi di {step}',
    R_DIV_ZERO: 'Divisione per zero',
    R_NOT_FINITE: 'Un calcolo non dà un numero finito',
    R_TABLE_RANGE: '{value} supera l’ultima fascia ({last}) della tabella {table}',
    R_TABLE_KEY: 'La tabella {table} non ha una voce per «{key}»',
    R_CYCLE: '{name} dipende da sé stesso',
    R_NEGATIVE_PRICE: 'Il prezzo unitario è negativo ({amount} {currency})',
    NEGATIVE_TOTAL: 'Il prezzo totale è negativo ({amount} {currency})',
    R_PRICE_OVERFLOW: 'Il prezzo è troppo grande per essere calcolato',
    DISCOUNT: 'Sconto quantità',
    OPTION_UNAVAILABLE: '{label}: «{option}» non è disponibile con le altre scelte',
  },
  nl: {
    UNKNOWN_FIELD: 'Onbekend veld "{field}"',
    INVALID_NUMBER: '{label} moet een getal zijn',
    INVALID_TEXT: '{label} moet een tekst zijn',
    INVALID_BOOLEAN: '{label} moet waar of onwaar zijn',
    INVALID_CHOICE: '{label}: kies een van de opties',
    BELOW_MIN: '{label} moet minstens {min}{unit} zijn',
    ABOVE_MAX: '{label} mag hoogstens {max}{unit} zijn',
    BELOW_MIN_DATE: '{label} mag niet vóór {min} liggen',
    ABOVE_MAX_DATE: '{label} mag niet na {max} liggen',
    OFF_STEP: '{label} moet in stappen van {step}{unit} vanaf {base}{unit} gaan',
    UNKNOWN_OPTION: '{label}: "{value}" is geen van de opties',
    REQUIRED: '{label} is verplicht',
    TOO_LONG: '{label} mag hoogstens {max} tekens lang zijn',
    PATTERN_MISMATCH: '{label} heeft niet de verwachte vorm',
    INVALID_DATE: '{label} moet een geldige datum zijn (JJJJ-MM-DD)',
    INVALID_QUANTITY: 'De hoeveelheid moet een geheel getal van {min} tot {max} zijn, in stappen van {step}',
    R_DIV_ZERO: 'Deling door nul',
    R_NOT_FINITE: 'Een berekening geeft geen eindig getal',
    R_TABLE_RANGE: '{value} ligt boven de laatste schijf ({last}) van tabel {table}',
    R_TABLE_KEY: 'Tabel {table} heeft geen waarde voor "{key}"',
    R_CYCLE: '{name} hangt van zichzelf af',
    R_NEGATIVE_PRICE: 'De stukprijs is negatief ({amount} {currency})',
    NEGATIVE_TOTAL: 'De totaalprijs is negatief ({amount} {currency})',
    R_PRICE_OVERFLOW: 'De prijs is te groot om te berekenen',
    DISCOUNT: 'Staffelkorting',
    OPTION_UNAVAILABLE: '{label}: "{option}" is niet beschikbaar met de andere keuzes',
  },
};
