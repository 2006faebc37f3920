// Who "one client" is, wherever a limit counts clients: the rate limit (rate-limit.ts) and the caps on
// upcoming consultations. `request.ip` is the peer, or the client a trusted proxy names (TRUSTED_PROXIES).
import { isIPv6 } from "node:net";
import { Address6 } from "ip-address";

/** The prefix of an IPv6 client: one subscriber's /64 (an attacker rotates the rest freely). */
const IPV6_SUBNET = 64;

/**
 * The client of an IP address: an IPv4 address as it is, an IPv4-mapped IPv6 address as its IPv4
 * address, any other IPv6 address as the start of its /64 (@fastify/rate-limit's own normalisation).
 */
export function clientKey(ip: string): string {
  if (!isIPv6(ip)) return ip.toLowerCase();
  const address = new Address6(ip);
  if (address.isMapped4()) return address.to4().correctForm();
  return new Address6(`${ip}/${IPV6_SUBNET}`).startAddress().correctForm();
}
