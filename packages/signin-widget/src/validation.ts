import {
  AsYouType,
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
} from "libphonenumber-js";
import { DEFAULT_PHONE_REGION } from "./constants.ts";

/** Local part, @, domain, and a top-level domain of two or more letters. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[A-Za-z]{2,}$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

/** The phone number in E.164 when it is valid for the chosen region, else null. */
export function parsePhone(input: string, region: string = DEFAULT_PHONE_REGION): string | null {
  const parsed = parsePhoneNumberFromString(input, region as CountryCode);
  return parsed?.isValid() ? parsed.number : null;
}

/** What the phone field shows while typing: the national format of the region. */
export function formatPhoneInput(input: string, region: string = DEFAULT_PHONE_REGION): string {
  // Deleting a formatting character ("(123) " → "(123)") must not re-add it.
  const digits = input.replace(/[^\d+]/g, "");
  if (digits.length <= 3) return digits;
  return new AsYouType(region as CountryCode).input(digits);
}

/** The phone number for display (national format), e.g. on the passcode screen. */
export function displayPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return parsed.country === DEFAULT_PHONE_REGION ? parsed.formatNational() : parsed.formatInternational();
}

interface CountryOption {
  code: string;
  dial: string;
}

/** Countries for the select, the default region first, then by dialling code. */
export function countryOptions(): CountryOption[] {
  const all = getCountries().map((code) => ({ code, dial: `+${getCountryCallingCode(code)}` }));
  all.sort((a, b) => Number(a.dial.slice(1)) - Number(b.dial.slice(1)) || a.code.localeCompare(b.code));
  const first = all.findIndex((c) => c.code === DEFAULT_PHONE_REGION);
  const [us] = all.splice(first, 1);
  return us ? [us, ...all] : all;
}
