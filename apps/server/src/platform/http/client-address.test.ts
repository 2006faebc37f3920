/**
 * Which address the rate limit counts: X-Forwarded-For only from TRUSTED_PROXIES, its rightmost
 * untrusted entry, IPv6 clients by /64, IPv4-mapped IPv6 as IPv4; TRUST_PROXY refused.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config/config";
import { json, useLeadServices, validContact } from "../../../test/helpers";

describe("client address", () => {
  const svc = useLeadServices("sqlite");

  /** Status codes of POSTs, each from `peer` with the given X-Forwarded-For (none when undefined). */
  async function statuses(
    env: Record<string, string>,
    requests: { peer: string; xff?: string }[],
  ): Promise<number[]> {
    const a = await svc.app("contact", { RATE_LIMIT_PER_MINUTE: "3", ...env });
    const out: number[] = [];
    for (const { peer, xff } of requests) {
      const res = await a.inject({
        method: "POST",
        url: "/contact",
        headers: { ...json, ...(xff === undefined ? {} : { "x-forwarded-for": xff }) },
        payload: validContact,
        remoteAddress: peer,
      });
      out.push(res.statusCode);
    }
    return out;
  }
  const times = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));
  const limited = (n: number) => [...times(3, () => 201), ...times(n - 3, () => 429)];

  it("ignores X-Forwarded-For from a peer that is not a trusted proxy: 8 forged headers do not bypass a limit of 3", async () => {
    const forged = times(8, (i) => ({ peer: "203.0.113.7", xff: `198.51.100.${i + 1}` }));
    expect(await statuses({}, forged)).toEqual(limited(8));
    // Trusting some other proxy changes nothing for this peer.
    await svc.db.deleteFrom("leads").execute();
    expect(await statuses({ TRUSTED_PROXIES: "10.0.0.1" }, forged)).toEqual(limited(8));
    expect(await svc.count("leads")).toBe(3);
  });

  it("from a trusted proxy counts the rightmost address that is not a trusted proxy", async () => {
    const env = { TRUSTED_PROXIES: "10.0.0.1, 10.9.0.0/16" };
    // The client prepends forged entries; the proxies append the real ones on the right.
    const viaProxies = times(8, (i) => ({
      peer: "10.0.0.1",
      xff: `${i}.${i}.${i}.${i}, 192.0.2.${i}, 198.51.100.9, 10.9.4.4`,
    }));
    expect(await statuses(env, viaProxies)).toEqual(limited(8));
    // Another client behind the same proxy has its own counter; the proxy itself is not limited.
    expect(await statuses(env, [{ peer: "10.0.0.1", xff: "198.51.100.10" }])).toEqual([201]);
  });

  it("treats an IPv4-mapped IPv6 peer as its IPv4 address, for trust and for counting", async () => {
    const mappedProxy = times(4, (i) => ({ peer: "::ffff:127.0.0.1", xff: `198.51.100.${i % 2 ? 20 : 21}` }));
    // Trusted as 127.0.0.1: two clients behind it, two requests each, nobody limited.
    expect(await statuses({ TRUSTED_PROXIES: "127.0.0.1" }, mappedProxy)).toEqual(times(4, () => 201));
    // Untrusted mapped peer: its header is ignored and it shares the counter of its IPv4 form.
    const same = [
      { peer: "::ffff:203.0.113.50", xff: "1.1.1.1" },
      { peer: "203.0.113.50" },
      { peer: "::FFFF:203.0.113.50", xff: "2.2.2.2" },
      { peer: "203.0.113.50" },
    ];
    expect(await statuses({ TRUSTED_PROXIES: "127.0.0.1" }, same)).toEqual(limited(4));
  });

  it("trusts IPv6 proxies and CIDR ranges", async () => {
    const env = { TRUSTED_PROXIES: "2001:db8:ffff::/48" };
    const requests = times(5, (i) => ({ peer: "2001:db8:ffff:1::2", xff: `2001:db8:${i}::1, 203.0.113.99` }));
    expect(await statuses(env, requests)).toEqual(limited(5));
  });

  it("counts IPv6 clients by their /64, whatever the written form", async () => {
    const sameSubnet = [
      "2001:db8:1:2::1",
      "2001:0DB8:0001:0002:0000:0000:0000:0002",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:db8:1:2:abcd::9",
    ].map((peer) => ({ peer }));
    expect(await statuses({}, sameSubnet)).toEqual(limited(4));
    // The neighbouring /64 is another client.
    expect(await statuses({}, [{ peer: "2001:db8:1:3::1" }])).toEqual([201]);
  });

  it("also finds the /64 behind a trusted proxy", async () => {
    const env = { TRUSTED_PROXIES: "10.0.0.1" };
    const requests = times(4, (i) => ({ peer: "10.0.0.1", xff: `2001:db8:7:7::${i + 1}` }));
    expect(await statuses(env, requests)).toEqual(limited(4));
  });
});

describe("TRUSTED_PROXIES and TRUST_PROXY configuration", () => {
  it("parses addresses and CIDR ranges, IPv4 and IPv6; default none", () => {
    expect(loadConfig({}).TRUSTED_PROXIES).toEqual([]);
    expect(
      loadConfig({ TRUSTED_PROXIES: " 10.0.0.5, 10.1.0.0/16 ,2001:db8::/48,::1" }).TRUSTED_PROXIES,
    ).toEqual(["10.0.0.5", "10.1.0.0/16", "2001:db8::/48", "::1"]);
  });

  it("refuses entries that are not addresses or ranges, naming them", () => {
    for (const bad of ["true", "10.0.0.0/33", "2001:db8::/129", "10.0.0.1/8/8", "example.com"]) {
      expect(() => loadConfig({ TRUSTED_PROXIES: `127.0.0.1,${bad}` })).toThrow(
        new RegExp(`TRUSTED_PROXIES: "${bad.replace(/[./]/g, "\\$&")}" is not an IP address or CIDR range`),
      );
    }
  });

  it("refuses to start with TRUST_PROXY set, whatever its value, and says what to use", () => {
    for (const value of ["true", "false", "1"]) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: is no longer supported: list the addresses or CIDR ranges .* in TRUSTED_PROXIES/,
      );
    }
  });
});
