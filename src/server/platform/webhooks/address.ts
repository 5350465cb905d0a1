// Where a webhook may be sent (SSRF): HTTPS to a public address. Private, loopback, link-local and every other
// non-unicast range (ipaddr.js's ranges, as request-filtering-agent checks them when connecting) is refused unless
// WEBHOOK_ALLOW_PRIVATE is set; then plain http is accepted for such an address or localhost only (a receiver on this
// machine or network), never for a public one or a name.
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

export type AddressCheck = { ok: true; url: URL } | { ok: false; message: string };

export const NOT_A_URL = 'Please enter a full address, such as https://example.com/webhooks.';
export const NOT_HTTPS =
  'The address must start with https:// (a webhook carries your data and is sent encrypted only).';
export const privateAddress = (address: string) =>
  `This address leads to ${address}, a private, loopback or link-local address. SD6 sends webhooks to public addresses only.`;
export const unknownHost = (host: string) =>
  `The host ${host} could not be found. Check the address (its DNS name must resolve).`;

/** A unicast (public) address: ipaddr.js names every other range (private, loopback, linkLocal, uniqueLocal, …). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/** The host of a URL without IPv6 brackets. */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Checks an endpoint's address when it is saved: its form, its scheme, and every address its host resolves to. */
export async function checkEndpointUrl(text: string, allowPrivate: boolean): Promise<AddressCheck> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: NOT_A_URL };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, message: NOT_HTTPS };
  if (!url.hostname) return { ok: false, message: NOT_A_URL };
  const host = bareHost(url);
  const literal = ipaddr.isValid(host);
  // Plain http only to a loopback or private receiver the operator allowed (an address or localhost), never by name.
  if (
    url.protocol === 'http:' &&
    !(allowPrivate && (host === 'localhost' || (literal && !isPublicAddress(host))))
  )
    return { ok: false, message: NOT_HTTPS };
  let addresses: string[];
  if (literal) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      return { ok: false, message: unknownHost(host) };
    }
  }
  const blocked = addresses.find((a) => !isPublicAddress(a));
  if (blocked && !allowPrivate) return { ok: false, message: privateAddress(blocked) };
  return { ok: true, url };
}
