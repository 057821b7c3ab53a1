// ISO 4217 active currency codes. The minor unit is 2 decimals except where listed in ZERO or THREE.
const CODES =
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF ' +
  'CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD ' +
  'HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD ' +
  'MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN ' +
  'PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY ' +
  'TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XOF XPF YER ZAR ZMW ZWG';

export const CURRENCIES: ReadonlySet<string> = new Set(CODES.split(' '));

/** The design doc's list: these have no minor unit or a third decimal. */
const ZERO = new Set(['JPY', 'KRW', 'ISK', 'CLP', 'VND']);
const THREE = new Set(['BHD', 'KWD', 'JOD', 'OMR', 'TND']);

export function minorUnits(code: string): number {
  return ZERO.has(code) ? 0 : THREE.has(code) ? 3 : 2;
}
