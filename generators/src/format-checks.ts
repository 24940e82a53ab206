// The checks of JSON Schema's string formats (`format: date-time`, `uri`, `email`…): one small
// function per format, bundled into the generated validators in place of the `format` keyword
// (src/formats.ts), as the wire-form checks are. Nothing here may import: the validators carry
// no dependency. Written from the RFCs each names; test/formats.test.ts shows what each accepts
// and refuses. A value that is not a string passes (a format says nothing about other types).

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

/** RFC 3339 full-date: `2026-02-28`, a day that exists. */
function isDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && isLeap(year) ? 29 : DAYS[month - 1]!);
}

/** RFC 3339 full-time: `23:59:59.5Z`, `08:00:00+02:00`; a leap second (`:60`) only at 23:59 UTC. */
function isTime(text: string): boolean {
  const match = /^(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[zZ]|([+-])(\d{2}):(\d{2}))$/.exec(text);
  if (!match) return false;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  const second = Number(match[3]);
  const offsetHour = match[4] ? Number(match[5]) : 0;
  const offsetMinute = match[4] ? Number(match[6]) : 0;
  if (hour > 23 || minute > 59 || second > 60 || offsetHour > 23 || offsetMinute > 59) return false;
  if (second < 60) return true;
  const sign = match[4] === '-' ? 1 : -1;
  const utc = (((hour * 60 + minute + sign * (offsetHour * 60 + offsetMinute)) % 1440) + 1440) % 1440;
  return utc === 23 * 60 + 59;
}

/** RFC 3339 date-time: a full-date, `T` (or `t`, or a space, as RFC 3339 5.6 allows), a full-time. */
export function dateTime(value: unknown): boolean {
  if (typeof value !== 'string') return true;
  const at = value.search(/[Tt ]/);
  return at === 10 && isDate(value.slice(0, at)) && isTime(value.slice(at + 1));
}

export const date = (value: unknown): boolean => typeof value !== 'string' || isDate(value);
export const time = (value: unknown): boolean => typeof value !== 'string' || isTime(value);

/** RFC 3986 characters a URI may hold as they are, `%` escapes apart. */
const URI_CHARACTERS = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?#[\]]|%[0-9A-Fa-f]{2})*$/;

/** RFC 3986 URI-reference: allowed characters and well-formed escapes, at most one `#`. */
function isUriReference(text: string): boolean {
  if (!URI_CHARACTERS.test(text)) return false;
  const hash = text.indexOf('#');
  return hash === -1 || text.indexOf('#', hash + 1) === -1;
}

/** RFC 3986 URI: a scheme, `:`, then what a URI-reference may hold; an authority (`//…`) with a host that is not empty unless the scheme is `file`. */
export function uri(value: unknown): boolean {
  if (typeof value !== 'string') return true;
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):(.*)$/s.exec(value);
  if (!match || !isUriReference(match[2]!)) return false;
  const rest = match[2]!;
  if (!rest.startsWith('//')) return true;
  const authority = rest.slice(2).split(/[/?#]/)[0]!;
  const host = authority.slice(authority.lastIndexOf('@') + 1).replace(/:\d*$/, '');
  return host !== '' || match[1]!.toLowerCase() === 'file';
}

export const uriReference = (value: unknown): boolean => typeof value !== 'string' || isUriReference(value);

/** RFC 1123 host name: at most 253 characters, dot-separated labels of 1 to 63 letters, digits and inner hyphens. */
function isHostname(text: string): boolean {
  const name = text.endsWith('.') ? text.slice(0, -1) : text;
  if (name.length === 0 || name.length > 253) return false;
  return name.split('.').every((label) => /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(label));
}

export const hostname = (value: unknown): boolean => typeof value !== 'string' || isHostname(value);

/** RFC 5321 mailbox, its common form: a dot-atom local part (at most 64 characters) `@` a host name or an address literal. */
export function email(value: unknown): boolean {
  if (typeof value !== 'string') return true;
  const at = value.lastIndexOf('@');
  if (at < 1 || at > 64) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (!/^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/.test(local)) return false;
  if (domain.startsWith('[') && domain.endsWith(']')) {
    const literal = domain.slice(1, -1);
    return isIpv4(literal) || (/^IPv6:/i.test(literal) && isIpv6(literal.slice(5)));
  }
  return domain.includes('.') && isHostname(domain);
}

/** Dotted decimal: four numbers 0 to 255, no leading zero (RFC 6943 3.1.1's strict form). */
function isIpv4(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((part) => /^(?:0|[1-9]\d{0,2})$/.test(part) && Number(part) <= 255);
}

export const ipv4 = (value: unknown): boolean => typeof value !== 'string' || isIpv4(value);

/** RFC 4291 2.2: eight groups of 1 to 4 hex digits, one `::` standing for one or more zero groups, the last two possibly a dotted IPv4. */
function isIpv6(text: string): boolean {
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groupsOf = (half: string) => (half === '' ? [] : half.split(':'));
  const groups = halves.flatMap(groupsOf);
  let count = groups.length;
  const last = groups[groups.length - 1];
  if (last?.includes('.')) {
    if (!isIpv4(last)) return false;
    groups.pop();
    count += 1;
  }
  if (!groups.every((group) => /^[0-9A-Fa-f]{1,4}$/.test(group))) return false;
  return halves.length === 2 ? count <= 7 : count === 8;
}

export const ipv6 = (value: unknown): boolean => typeof value !== 'string' || isIpv6(value);

/** RFC 4122: 8-4-4-4-12 hex digits, optionally as a `urn:uuid:` URN. */
export const uuid = (value: unknown): boolean => typeof value !== 'string' || /^(?:urn:uuid:)?[0-9A-Fa-f]{8}-(?:[0-9A-Fa-f]{4}-){3}[0-9A-Fa-f]{12}$/i.test(value);

/** RFC 6901 JSON pointer: empty, or `/`-led tokens where `~` is only `~0` or `~1`. */
export const jsonPointer = (value: unknown): boolean => typeof value !== 'string' || /^(?:\/(?:[^~/]|~[01])*)*$/.test(value);
