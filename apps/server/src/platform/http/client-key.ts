import { Address6 } from "ip-address";
import { isIPv6 } from "node:net";

/**
 * The client as the rate limit counts it (@fastify/rate-limit with `ipv6Subnet: 64`): an IPv4
 * address, an IPv4-mapped IPv6 address as its IPv4 address, any other IPv6 address by its /64 (one
 * subscriber's network). `ip` is the request's address after TRUSTED_PROXIES.
 */
export function clientKey(ip: string): string {
  if (!isIPv6(ip)) return ip.toLowerCase();
  const address = new Address6(ip);
  if (address.isMapped4()) return address.to4().correctForm();
  return `${new Address6(`${ip}/64`).startAddress().correctForm()}/64`;
}
